/**
 * @module Lenient repair of the frontmatter YAML that real skills get wrong (SPEC §3). Only shapes that are
 * never valid YAML are rewritten, so a repair cannot change the meaning of a valid document; the line
 * count is kept, so line numbers still point into the original file.
 */

/** What a repair changed, for the `yaml-repaired` warning. */
export interface YamlRepair {
  /** 1-based line in the YAML text. */
  line: number;
  /** The key whose value was rewritten (empty for an indentation fix). */
  key: string;
  /**
   * - `colon-in-value`: a plain value holding `: ` (`description: Use when: …`), quoted;
   * - `reserved-start`: a plain value starting with `@`, `` ` `` or `%`, or an alias to no anchor, quoted;
   * - `quoted-then-text`: a quoted value followed by more text on its line, joined and re-quoted;
   * - `flow-then-text`: `[a] [b]`-style values that are text, quoted whole;
   * - `flow-items`: single-line `[…]` list items starting with a reserved character, quoted;
   * - `tab-indent`: lines indented with tabs, re-indented with spaces.
   */
  kind:
    | "colon-in-value"
    | "reserved-start"
    | "quoted-then-text"
    | "flow-then-text"
    | "flow-items"
    | "tab-indent";
}

/** The rewritten YAML and what changed; `repairs` is empty (and `text` unchanged) when nothing applied. */
export interface YamlRepairResult {
  text: string;
  repairs: YamlRepair[];
}

const RESERVED_START = new Set(["@", "`", "%"]);

/**
 * Rewrites YAML that failed to parse into YAML that probably parses, by quoting the values that broke it
 * (single quotes, so nothing inside is interpreted) and re-indenting tab-indented lines. Works on
 * `key: value` lines at any indentation outside block scalars; values may continue on more-indented lines.
 * The caller parses the result again and keeps it only if that succeeds. Expects `\n` line breaks.
 *
 * @example
 * repairYaml("description: Use when: the user asks").text // "description: 'Use when: the user asks'"
 */
export function repairYaml(yaml: string): YamlRepairResult {
  const lines = yaml.split("\n");
  const repairs: YamlRepair[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(0) === 0x09) {
      let n = 0;
      while (line.charCodeAt(n) === 0x09 || line.charCodeAt(n) === 0x20) n++;
      lines[i] = line.slice(0, n).replaceAll("\t", "  ") + line.slice(n);
      repairs.push({ line: i + 1, key: "", kind: "tab-indent" });
    }
  }
  const anchors = yaml.includes("&");
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    const indent = indentOf(line);
    const keyEnd = findKeyEnd(line, indent);
    if (keyEnd === -1) {
      i++;
      continue;
    }
    // The value continues on following lines that are blank or indented deeper than the key.
    let last = i;
    let next = i + 1;
    while (next < lines.length) {
      const candidate = lines[next]!;
      if (isBlankLine(candidate)) {
        next++;
        continue;
      }
      if (indentOf(candidate) <= indent) break;
      last = next;
      next++;
    }
    const key = line.slice(indent, keyEnd);
    const valueStart = skipSpaces(line, keyEnd + 1);
    const value = line.slice(valueStart);
    const hasValue = value !== "" && !value.startsWith("#");
    const continuation = last > i ? lines.slice(i + 1, last + 1).join("\n") : undefined;
    const kind = hasValue ? classify(value, continuation, anchors, yaml) : undefined;
    if (kind === undefined) {
      // After `key:` alone, the deeper lines are a nested block whose own keys are checked next; after a
      // value they belong to that value (block scalar, quoted or plain continuation) and are skipped.
      i = hasValue ? next : i + 1;
      continue;
    }
    const head = line.slice(0, valueStart);
    if (kind.kind === "flow-items") {
      lines[i] = head + kind.value;
    } else if (last === i) {
      lines[i] = `${head}${singleQuote(kind.value)}${kind.comment}`;
    } else {
      // Quote across lines: the opening quote on the key line, the closing one after the last line.
      lines[i] = `${head}'${escapeSingle(kind.value)}`;
      for (let k = i + 1; k <= last; k++) {
        const continued = lines[k]!;
        const own = indentOf(continued);
        lines[k] = continued.slice(0, own) + escapeSingle(continued.slice(own));
      }
      lines[last] = `${lines[last]}'`;
    }
    repairs.push({ line: i + 1, key, kind: kind.kind });
    i = next;
  }
  return repairs.length === 0 ? { text: yaml, repairs } : { text: lines.join("\n"), repairs };
}

interface Rewrite {
  kind: Exclude<YamlRepair["kind"], "tab-indent">;
  /** The new value text (unquoted, except for `flow-items` where it is the new flow list). */
  value: string;
  /** A trailing comment kept after the closing quote. */
  comment: string;
}

/** Decides whether a value is one of the never-valid shapes, and how to rewrite it. */
function classify(
  value: string,
  continuation: string | undefined,
  anchors: boolean,
  yaml: string,
): Rewrite | undefined {
  const multiLine = continuation !== undefined;
  const first = value[0]!;
  if (first === "|" || first === ">" || first === "&" || first === "!") return undefined;
  if (first === '"' || first === "'") {
    const close = findQuoteEnd(value, first);
    if (close === -1) return undefined;
    const rest = value.slice(close + 1);
    if (isBlankLine(rest) || rest.trimStart().startsWith("#")) return undefined;
    return {
      kind: "quoted-then-text",
      value: unquote(value.slice(0, close + 1)) + rest.trimEnd(),
      comment: "",
    };
  }
  if (first === "[" || first === "{") {
    const close = findFlowEnd(value);
    if (close === -1) return undefined;
    const rest = value.slice(close + 1);
    if (!isBlankLine(rest) && !rest.trimStart().startsWith("#")) {
      return { kind: "flow-then-text", value: value.trimEnd(), comment: "" };
    }
    if (first === "[" && !multiLine) {
      const items = quoteReservedItems(value.slice(1, close));
      if (items !== undefined) return { kind: "flow-items", value: `[${items}]${rest}`, comment: "" };
    }
    return undefined;
  }
  if (first === "*") {
    const name = value.slice(1).split(/[\s,[\]{}]/, 1)[0] ?? "";
    if (anchors && yaml.includes(`&${name}`)) return undefined;
    return { kind: "reserved-start", ...splitComment(value, multiLine) };
  }
  if (RESERVED_START.has(first)) return { kind: "reserved-start", ...splitComment(value, multiLine) };
  const { value: plain, comment } = splitComment(value, multiLine);
  if (hasMappingColon(plain) || (continuation !== undefined && hasMappingColon(continuation))) {
    return { kind: "colon-in-value", value: plain, comment };
  }
  return undefined;
}

/** True for a `: ` (or `:` + tab, or a final `:`) that YAML would read as a nested mapping. */
function hasMappingColon(text: string): boolean {
  let at = text.indexOf(":");
  while (at !== -1) {
    const after = text.charCodeAt(at + 1);
    if (Number.isNaN(after) || after === 0x20 || after === 0x09) return true;
    at = text.indexOf(":", at + 1);
  }
  return false;
}

/**
 * Splits a single-line plain value from its trailing comment (` #…`), as YAML would. A value that goes on
 * to more lines keeps everything: the comment would otherwise cut it in two.
 */
function splitComment(value: string, multiLine: boolean): { value: string; comment: string } {
  if (!multiLine) {
    for (let i = 1; i < value.length; i++) {
      const c = value.charCodeAt(i - 1);
      if (value[i] === "#" && (c === 0x20 || c === 0x09)) {
        return { value: value.slice(0, i).trimEnd(), comment: ` ${value.slice(i)}` };
      }
    }
  }
  return { value: value.trimEnd(), comment: "" };
}

/** Quotes the items of a flat flow list that start with a reserved character; undefined if none do. */
function quoteReservedItems(inner: string): string | undefined {
  if (/["'[\]{}]/.test(inner)) return undefined;
  let changed = false;
  const items = inner.split(",").map((item) => {
    const trimmed = item.trim();
    if (trimmed !== "" && RESERVED_START.has(trimmed[0]!)) {
      changed = true;
      return item.replace(trimmed, singleQuote(trimmed));
    }
    return item;
  });
  return changed ? items.join(",") : undefined;
}

/**
 * End of a `key:` on a line that starts with a plain key at `indent`: the index of the `:` followed by a
 * space, a tab or the line end; -1 when the line is not such a line (comment, list item, quoted key…).
 */
function findKeyEnd(line: string, indent: number): number {
  const first = line[indent];
  if (first === undefined || "#-?[]{}\"'|>&*!%@`".includes(first)) return -1;
  for (let i = indent; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 0x3a) {
      const after = line.charCodeAt(i + 1);
      if (Number.isNaN(after) || after === 0x20 || after === 0x09) return i;
    } else if (
      c === 0x23 &&
      i > indent &&
      (line.charCodeAt(i - 1) === 0x20 || line.charCodeAt(i - 1) === 0x09)
    ) {
      return -1;
    }
  }
  return -1;
}

/** Index of the closing quote of a quoted scalar that starts at 0, on this line; -1 if not closed. */
function findQuoteEnd(value: string, quote: string): number {
  for (let i = 1; i < value.length; i++) {
    const c = value[i];
    if (quote === '"' && c === "\\") {
      i++;
    } else if (c === quote) {
      if (quote === "'" && value[i + 1] === "'") i++;
      else return i;
    }
  }
  return -1;
}

/** Index of the bracket closing the flow collection that starts at 0, on this line; -1 if not closed. */
function findFlowEnd(value: string): number {
  let depth = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '"' || c === "'") {
      const end = findQuoteEnd(value.slice(i), c);
      if (end === -1) return -1;
      i += end;
    } else if (c === "[" || c === "{") {
      depth++;
    } else if (c === "]" || c === "}") {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

function unquote(quoted: string): string {
  if (quoted[0] === "'") return quoted.slice(1, -1).replaceAll("''", "'");
  try {
    return JSON.parse(quoted) as string;
  } catch {
    return quoted.slice(1, -1);
  }
}

function singleQuote(text: string): string {
  return `'${escapeSingle(text)}'`;
}

function escapeSingle(text: string): string {
  return text.replaceAll("'", "''");
}

function indentOf(line: string): number {
  let n = 0;
  while (line.charCodeAt(n) === 0x20) n++;
  return n;
}

function skipSpaces(line: string, from: number): number {
  let i = from;
  while (line.charCodeAt(i) === 0x20 || line.charCodeAt(i) === 0x09) i++;
  return i;
}

function isBlankLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}
