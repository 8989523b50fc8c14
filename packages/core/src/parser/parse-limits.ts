/**
 * @module The hard limits that keep parsing fast and safe on hostile or broken input (SPEC §3).
 */

/** Largest SKILL.md loaded, in bytes (8 MiB). Checked with `stat` before any byte is read. */
export const MAX_SKILL_FILE_BYTES = 8 * 1024 * 1024;

/** Largest frontmatter accepted, in UTF-8 bytes of YAML (64 KiB). Real frontmatter is under 2 KiB. */
export const MAX_FRONTMATTER_BYTES = 64 * 1024;

/**
 * How many bytes of a large SKILL.md discovery reads: enough for the biggest allowed frontmatter plus its
 * delimiters. Bigger files are read only this far (the body is read on demand, SPEC §3).
 */
export const SKILL_HEAD_BYTES = MAX_FRONTMATTER_BYTES + 4 * 1024;

/**
 * Alias expansions allowed while turning YAML into values. Frontmatter has no use for more; a
 * "billion laughs" document needs millions and is refused after this many.
 */
export const MAX_YAML_ALIAS_COUNT = 100;

/** Largest `agents/openai.yaml` read, in bytes (64 KiB). */
export const MAX_OPENAI_YAML_BYTES = 64 * 1024;

/** Spec limits for names, descriptions and compatibility, in Unicode code points (SPEC §4). */
export const MAX_NAME_LENGTH = 64;
export const MAX_DESCRIPTION_LENGTH = 1024;
export const MAX_COMPATIBILITY_LENGTH = 500;

/**
 * Most bytes of a skill's text given to a model at once (SPEC §15: bounded): a file read with
 * `skill_read`, and the SKILL.md a load injects (`loader/read-limit.ts` applies it). Here, before both the
 * loader and validation, so lint can warn of a SKILL.md no load would give.
 */
export const MAX_SKILL_READ_BYTES = 256 * 1024;
