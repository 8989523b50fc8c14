/**
 * @module What the target of `[$name](target)` points at: a file-system path (absolute, relative to
 * the working directory, `file://` URL, percent-encoded or not) or a skill by `skill://name`, read by the
 * one `skill://` parser (`parseSkillUri`), so a link means the skill the loader and `skill_read` mean.
 */
import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseSkillUri } from "../model/parse-skill-uri.js";

/**
 * A link target, understood. `name` is a skill's name as a `skill://` URL gives it (decoded; it may be an
 * exact name, `name@scope…`, which `lookupName` resolves). `reason` says why a `skill://` target was refused.
 */
export type LinkTarget =
  | { kind: "path"; path: string }
  | { kind: "name"; id: string }
  | { kind: "invalid"; reason?: string };

const SKILL_URI_PREFIX = "skill://";

function decodePercent(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/**
 * Reads a link target. Relative paths resolve against `cwd`; without a `cwd` they cannot name a skill
 * and are `invalid`. `skill://name/any/file` names the skill `name` when `parseSkillUri` accepts it
 * (percent-decoded; a path that could leave the skill, such as an encoded `/`, is `invalid`). Pure:
 * nothing on disk is read.
 */
export function resolveLinkTarget(target: string, cwd?: string): LinkTarget {
  if (target.slice(0, SKILL_URI_PREFIX.length).toLowerCase() === SKILL_URI_PREFIX) {
    const parsed = parseSkillUri(target);
    return parsed.ok
      ? { kind: "name", id: parsed.uri.name }
      : { kind: "invalid", reason: parsed.error.message };
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
