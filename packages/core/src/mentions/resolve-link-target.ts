/**
 * @module What the target of `[$name](target)` points at: a file-system path (absolute, relative to
 * the working directory, `file://` URL, percent-encoded or not) or a skill by `skill://name`.
 */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** A link target, understood. */
export type LinkTarget = { kind: "path"; path: string } | { kind: "name"; id: string } | { kind: "invalid" };

function decodePercent(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * Reads a link target. Relative paths resolve against `cwd`; without a `cwd` they cannot name a skill
 * and are `invalid`. `skill://name/any/file` names the skill `name`. Pure: nothing on disk is read.
 */
export function resolveLinkTarget(target: string, cwd?: string): LinkTarget {
  if (target.startsWith("skill://")) {
    const rest = target.slice("skill://".length);
    const slash = rest.indexOf("/");
    const id = decodePercent(slash === -1 ? rest : rest.slice(0, slash));
    return id === "" ? { kind: "invalid" } : { kind: "name", id };
  }
  if (target.startsWith("file://")) {
    try {
      return { kind: "path", path: fileURLToPath(target) };
    } catch {
      return { kind: "invalid" };
    }
  }
  const path = decodePercent(target);
  if (isAbsolute(path)) return { kind: "path", path };
  if (cwd === undefined) return { kind: "invalid" };
  return { kind: "path", path: resolve(cwd, path) };
}
