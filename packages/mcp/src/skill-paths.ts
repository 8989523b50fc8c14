/**
 * @module Where each skill lives in `skill://` space, as the MCP Skills extension's Resource Mapping says
 * (SEP-2640): `skill://<skill-path>/SKILL.md`, the skill's directory is the URI without `/SKILL.md`, and
 * the last segment of the skill path is the skill's name. The skill a name means is at its plain name
 * (`skill://pdf/SKILL.md`; a plugin skill `docs:pdf` at `skill://docs/pdf/SKILL.md`); a shadowed or
 * ambiguous skill of the same name is told apart by a first segment naming its scope and provider
 * (`skill://repo.claude/git-workflow/SKILL.md`), with its id tag when that scope holds two of the name.
 * Skill names never hold a `.`, so a prefix segment is never a name. No `@` or `:` in the authority:
 * every URI here is one `new URL` reads as the same host and path.
 */
import type { Skill } from "@skillset/core/model";
import { exactSkillName, type RegistryEntry } from "@skillset/core/registry";

/** The scheme and authority every URI here starts with. */
export const SKILL_SCHEME = "skill://";

/** Characters left as they are in a segment; everything else is percent-encoded (the SDK's own set). */
const ENCODED_IN_SEGMENT = /[^\w!$&'()*+,.;=@[\]|~-]/gu;

function encodeSegment(segment: string): string {
  return segment.replace(ENCODED_IN_SEGMENT, (character) => encodeURIComponent(character));
}

/** `skill://` followed by `segments`, each percent-encoded. */
export function joinSkillUri(segments: readonly string[]): string {
  return SKILL_SCHEME + segments.map(encodeSegment).join("/");
}

/** A provider or scope as one URI-safe lowercase word. */
function word(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "x"
  );
}

/**
 * The skill path of `skill` among `entries` (shadowed and ambiguous ones included): the segments between
 * `skill://` and `/SKILL.md`.
 * @example skillPath(shadowedGitWorkflow, registry.entries()) // ["repo.claude", "git-workflow"]
 */
export function skillPath(skill: Skill, entries: readonly RegistryEntry[]): string[] {
  const names = skill.namespace === undefined ? [skill.name] : [skill.namespace, skill.name];
  const exact = exactSkillName(skill, entries);
  if (exact === skill.qualifiedName) return names;
  // `name@scope` or `name@scope-<tag>`: the scope, the provider and the tag become the first segment.
  const tag = exact.slice(`${skill.qualifiedName}@${skill.scope}`.length + 1);
  const prefix = [word(skill.scope), word(skill.source.provider), ...(tag === "" ? [] : [word(tag)])];
  return [prefix.join("."), ...names];
}

/** The URI of `skill`'s directory among `entries` (no trailing `/`). */
export function skillRootUri(skill: Skill, entries: readonly RegistryEntry[]): string {
  return joinSkillUri(skillPath(skill, entries));
}

/** Joins decoded segments into an index key: a name may hold a `/` (written `%2F`), never a NUL. */
const KEY_SEPARATOR = "\u0000";

/** A skill by its skill path (its decoded segments joined by NUL). */
export type SkillPathIndex = ReadonlyMap<string, RegistryEntry>;

const indexes = new WeakMap<readonly RegistryEntry[], Map<string, RegistryEntry>>();

/** Every entry by its skill path, built once per entries array (a registry keeps one until it changes). */
export function skillPathIndex(entries: readonly RegistryEntry[]): SkillPathIndex {
  let index = indexes.get(entries);
  if (index === undefined) {
    index = new Map();
    for (const entry of entries) index.set(skillPath(entry.skill, entries).join(KEY_SEPARATOR), entry);
    indexes.set(entries, index);
  }
  return index;
}

/** A URI's place in `skill://` space: the skill whose directory holds it, and the path inside. */
export interface SkillPlace {
  entry: RegistryEntry;
  /** Decoded path segments inside the skill's directory; none: the directory itself. */
  segments: string[];
}

/**
 * The served skill whose directory holds `uri` under the standard mapping, and the path inside it;
 * undefined when no skill path is a prefix of the URI's path (then it may be an old form,
 * `skill://<name>` or `skill://ns:name/…`, for `parseSkillUri`). Segments are decoded, not checked:
 * the reader refuses `..`, separators and the like.
 */
export function findSkillPlace(uri: string, entries: readonly RegistryEntry[]): SkillPlace | undefined {
  if (uri.slice(0, SKILL_SCHEME.length).toLowerCase() !== SKILL_SCHEME) return undefined;
  const raw = uri.slice(SKILL_SCHEME.length).split("/");
  if (raw.length > 0 && raw[raw.length - 1] === "") raw.pop();
  const segments: string[] = [];
  for (const part of raw) {
    try {
      segments.push(decodeURIComponent(part));
    } catch {
      return undefined;
    }
  }
  const index = skillPathIndex(entries);
  // A skill path is one to three segments (prefix, namespace, name); the longest match wins.
  for (let length = Math.min(3, segments.length); length >= 1; length--) {
    const entry = index.get(segments.slice(0, length).join(KEY_SEPARATOR));
    if (entry !== undefined) return { entry, segments: segments.slice(length) };
  }
  return undefined;
}
