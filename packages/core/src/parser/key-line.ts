/**
 * @module The line of a frontmatter key, looked up as an own entry only: a `__proto__:` or `constructor:`
 * key (a stranger's SKILL.md may hold one) must not answer with `Object.prototype`'s members, which
 * reached the JSON and SARIF output as `"line": {}`.
 */

/** The 1-based line of `key` in `keyLines`, or undefined. */
export function keyLineOf(
  keyLines: Readonly<Record<string, number>> | undefined,
  key: string,
): number | undefined {
  if (keyLines === undefined || !Object.hasOwn(keyLines, key)) return undefined;
  const line = keyLines[key];
  return typeof line === "number" ? line : undefined;
}
