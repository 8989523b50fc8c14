/**
 * @module Finds the YAML frontmatter of a SKILL.md and the body after it (SPEC §3), in one linear pass with
 * no regular expressions.
 */
import { MAX_FRONTMATTER_BYTES } from "./parse-limits.js";

/**
 * How a SKILL.md text splits:
 * - `frontmatter`: found; `yaml` is the text between the delimiters (CRLF kept as written).
 * - `none`: the first non-blank line is not `---`; the whole text is the body.
 * - `unterminated`: an opening `---` with no closing line.
 * - `too-large`: the frontmatter is longer than the limit (refused without scanning further).
 * - `truncated`: only for `partial` input: the text ended inside the frontmatter before the limit;
 *   read more of the file and split again.
 */
export type FrontmatterSplit =
  | {
      kind: "frontmatter";
      yaml: string;
      body: string;
      /** 1-based line of the opening `---`; 0 when the opening line was missing (lenient repair). */
      openLine: number;
      /** 1-based line of the first YAML line. */
      yamlLine: number;
      /** 1-based line of the closing `---`. */
      closeLine: number;
      /** 1-based line where the body starts. */
      bodyLine: number;
    }
  | { kind: "none"; body: string; bodyLine: 1 }
  | { kind: "unterminated"; openLine: number; yamlLine: number }
  | { kind: "too-large"; openLine: number; yamlLine: number }
  | { kind: "truncated" };

/** Options for {@link splitFrontmatter}. */
export interface SplitOptions {
  /** Largest frontmatter in UTF-8 bytes. Default {@link MAX_FRONTMATTER_BYTES} (64 KiB). */
  maxBytes?: number;
  /** The text is only the start of the file (see `truncated`). Default false. */
  partial?: boolean;
}

/**
 * Splits SKILL.md text into frontmatter and body. The frontmatter starts at the first non-blank line when
 * that line is `---` (blank lines before it are tolerated because real files have them) and ends at the
 * next line that is exactly `---`; trailing spaces, tabs and a CR are allowed on both delimiter lines. A
 * leading BOM is skipped. `----`, `--- x` and `a---b` are text, not delimiters.
 *
 * @example
 * splitFrontmatter("---\nname: x\n---\nBody\n") // { kind: "frontmatter", yaml: "name: x", bodyLine: 4, … }
 */
export function splitFrontmatter(text: string, options: SplitOptions = {}): FrontmatterSplit {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let pos = start;
  let line = 1;
  // Skip blank lines before the opening delimiter.
  for (;;) {
    const end = lineEnd(text, pos);
    if (!isBlank(text, pos, end)) break;
    if (end >= text.length) return { kind: "none", body: text.slice(start), bodyLine: 1 };
    pos = end + 1;
    line++;
  }
  const openEnd = lineEnd(text, pos);
  if (!isDelimiter(text, pos, openEnd)) return { kind: "none", body: text.slice(start), bodyLine: 1 };
  if (openEnd >= text.length) {
    return options.partial
      ? { kind: "truncated" }
      : { kind: "unterminated", openLine: line, yamlLine: line + 1 };
  }
  return findClosing(text, openEnd + 1, line, line + 1, options);
}

/**
 * Lenient repair for files that forgot the opening `---` but close their frontmatter: the first non-blank
 * line starts with `name:` or `description:` and a later line is `---`. Returns the split with
 * `openLine: 0`, or undefined when the text does not look like that. Whether the YAML really is a
 * frontmatter mapping is for the caller to decide.
 */
export function splitUnopenedFrontmatter(
  text: string,
  options: SplitOptions = {},
): Extract<FrontmatterSplit, { kind: "frontmatter" }> | undefined {
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  for (;;) {
    const end = lineEnd(text, pos);
    if (!isBlank(text, pos, end)) break;
    if (end >= text.length) return undefined;
    pos = end + 1;
    line++;
  }
  if (!text.startsWith("name:", pos) && !text.startsWith("description:", pos)) return undefined;
  const split = findClosing(text, pos, 0, line, { ...options, partial: false });
  return split.kind === "frontmatter" ? split : undefined;
}

/** Searches for the closing delimiter from `yamlStart` (the first YAML character). */
function findClosing(
  text: string,
  yamlStart: number,
  openLine: number,
  yamlLine: number,
  options: SplitOptions,
): FrontmatterSplit {
  const maxBytes = options.maxBytes ?? MAX_FRONTMATTER_BYTES;
  // Candidates are line starts beginning with `---`; indexOf jumps straight to them.
  let from = Math.max(yamlStart - 1, 0);
  for (;;) {
    const hit = text.indexOf("\n---", from);
    if (hit === -1) {
      if (text.length - yamlStart > maxBytes) return { kind: "too-large", openLine, yamlLine };
      return options.partial ? { kind: "truncated" } : { kind: "unterminated", openLine, yamlLine };
    }
    const candidate = hit + 1;
    if (candidate - yamlStart > maxBytes) return { kind: "too-large", openLine, yamlLine };
    const end = lineEnd(text, candidate);
    if (isDelimiter(text, candidate, end)) {
      let yaml = candidate > yamlStart ? text.slice(yamlStart, candidate - 1) : "";
      if (yaml.endsWith("\r")) yaml = yaml.slice(0, -1);
      if (yaml.length * 3 > maxBytes && Buffer.byteLength(yaml, "utf8") > maxBytes) {
        return { kind: "too-large", openLine, yamlLine };
      }
      const closeLine = yamlLine + countLineBreaks(text, yamlStart, candidate);
      return {
        kind: "frontmatter",
        yaml,
        body: end >= text.length ? "" : text.slice(end + 1),
        openLine,
        yamlLine,
        closeLine,
        bodyLine: closeLine + 1,
      };
    }
    from = candidate;
  }
}

/** Index of the `\n` ending the line that starts at `pos`, or `text.length`. */
function lineEnd(text: string, pos: number): number {
  const end = text.indexOf("\n", pos);
  return end === -1 ? text.length : end;
}

/** Spaces, tabs or CR only (CR for CRLF files). */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** Exactly `---`, then only trailing spaces, tabs or CR. */
function isDelimiter(text: string, from: number, to: number): boolean {
  return to - from >= 3 && text.startsWith("---", from) && isBlank(text, from + 3, to);
}

function countLineBreaks(text: string, from: number, to: number): number {
  let count = 0;
  let i = text.indexOf("\n", from);
  while (i !== -1 && i < to) {
    count++;
    i = text.indexOf("\n", i + 1);
  }
  return count;
}
