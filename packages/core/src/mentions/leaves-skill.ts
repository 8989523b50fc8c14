/**
 * @module Whether the path of a `skill://name/path` reference stays inside the skill (SPEC §9): no
 * absolute path, no `..` segment, no NUL, decoded first (so `%2e%2e` is `..`). Pure: nothing on disk is read.
 */

/** Why the relative path leaves (or may leave) the skill's folder, or undefined when it stays inside. */
export function leavesSkill(relativePath: string | undefined): string | undefined {
  if (relativePath === undefined) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(relativePath);
  } catch {
    return "its percent-encoding is invalid";
  }
  if (decoded.includes("\u0000")) return "it holds a NUL character";
  if (/^(?:[\\/]|[A-Za-z]:)/.test(decoded)) return "it is an absolute path";
  if (decoded.split(/[\\/]/).includes("..")) return 'it climbs out of the skill with ".."';
  return undefined;
}
