/**
 * @module `skill://` URLs (SPEC §8, §9, seed 004): `skill://name`, `skill://name/rel/path`,
 * `skill://ns:name/rel/path`. Parsed by hand — `ns:name` is not a valid URL host — and refused before
 * any file is touched when the path could leave the skill folder. The one parser: `skill_read`, MCP
 * resources and mentions (`skill://` references and `[$name](skill://…)` links) all read URLs here.
 */

/** A parsed `skill://` URL: the skill's name and the path segments inside its folder (none: SKILL.md). */
export interface SkillUri {
  name: string;
  segments: string[];
}

/** Why a URL was refused; `code` is stable. */
export interface SkillUriError {
  code: "uri-invalid" | "path-refused";
  message: string;
}

export type ParsedSkillUri = { ok: true; uri: SkillUri } | { ok: false; error: SkillUriError };

const PREFIX = "skill://";

function refused(uri: string, why: string): ParsedSkillUri {
  return {
    ok: false,
    error: {
      code: "path-refused",
      message: `Refused ${uri}: ${why}. Give a relative path inside the skill folder.`,
    },
  };
}

function invalid(uri: string, why: string): ParsedSkillUri {
  return {
    ok: false,
    error: {
      code: "uri-invalid",
      message: `${uri} is not a skill:// URL (${why}). Use skill://<name> or skill://<name>/<relative path>.`,
    },
  };
}

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Parses `uri`. The name (up to the first `/`) and each path segment are URL-decoded once (an encoded `/`
 * in the name belongs to the name). In the path, refused are: a backslash anywhere, an empty,
 * `.` or `..` segment (before or after decoding), a decoded `/` or `\` (an encoded separator), NUL or
 * another control character, an absolute path (`skill://name//etc`, a drive letter). A trailing `/`
 * is allowed (a folder).
 *
 * @example parseSkillUri("skill://pdf/references/tables.md") // { ok: true, uri: { name: "pdf", segments: ["references", "tables.md"] } }
 */
export function parseSkillUri(uri: string): ParsedSkillUri {
  const shown = JSON.stringify(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri);
  if (uri.slice(0, PREFIX.length).toLowerCase() !== PREFIX)
    return invalid(shown, "it must start with skill://");
  const rest = uri.slice(PREFIX.length);
  if (rest.includes("\\")) return refused(shown, "backslashes are not path separators here");
  const slash = rest.indexOf("/");
  const rawName = slash === -1 ? rest : rest.slice(0, slash);
  // The name is percent-encoded as `skillUri` writes it (a name may hold a space or a `/`); written raw,
  // a space or control character is not part of a URL.
  if (/[\s\u0000-\u001f\u007f]/.test(rawName))
    return invalid(shown, "the skill name holds a space or control character; percent-encode it");
  const name = decode(rawName);
  if (name === undefined || name === "") return invalid(shown, "no skill name");
  const path = slash === -1 ? "" : rest.slice(slash + 1);
  const rawSegments = path === "" ? [] : path.split("/");
  if (rawSegments.length > 0 && rawSegments[rawSegments.length - 1] === "") rawSegments.pop();
  if (rawSegments[0] === "") return refused(shown, "absolute paths are not allowed");
  const segments: string[] = [];
  for (const raw of rawSegments) {
    const segment = decode(raw);
    if (segment === undefined) return invalid(shown, `bad percent-encoding in '${raw}'`);
    if (segment === "") return refused(shown, "empty path segments are not allowed");
    if (segment === "." || segment === "..") return refused(shown, "'.' and '..' segments are not allowed");
    if (/[/\\]/.test(segment)) return refused(shown, "encoded path separators are not allowed");
    if (/[\u0000-\u001f\u007f]/.test(segment))
      return refused(shown, "NUL and control characters are not allowed");
    if (segments.length === 0 && /^[A-Za-z]:$/.test(segment))
      return refused(shown, "absolute paths are not allowed");
    segments.push(segment);
  }
  return { ok: true, uri: { name, segments } };
}
