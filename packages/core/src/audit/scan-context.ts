/**
 * @module What the rules look at: each text file split into lines, and into the units code runs in — a
 * whole script, a fenced block of Markdown, the inline code of one Markdown line — so a rule can ask for a
 * source and a sink in the same unit (one flow), not just two words somewhere in the skill. A Markdown
 * block introduced as a bad or malicious example, or in a skill about security, is marked illustrative:
 * its findings are kept but lowered, since the text describes an attack rather than asks for one.
 */
import type { Frontmatter } from "../model/skill.js";
import { type AnchorGroup, holdsAny, lineHas, markLines, WORDS } from "./line-anchors.js";
import type { AuditFile } from "./read-audit-files.js";

/** How a file is treated. */
export type ScannedKind = "skill" | "markdown" | "script" | "config" | "text";

/** A stretch of code that runs as one flow. */
export interface CodeUnit {
  file: ScannedFile;
  /** 1-based line of `lines[0]`. */
  start: number;
  /** The code of each line (for a prose line, only its inline code spans). */
  lines: string[];
  /** Described rather than asked for (see the module comment). */
  readonly illustrative: boolean;
  /** The anchor marks of the file's lines (see `line-anchors.ts`); an inline-code unit has its line's. */
  marks: Uint32Array;
  /** The line of `marks` that is `lines[0]`. */
  first: number;
}

/** A text file of the skill. */
export interface ScannedFile {
  path: string;
  kind: ScannedKind;
  mode: number;
  text: string;
  lines: string[];
  units: CodeUnit[];
  /**
   * Which lines are Markdown outside code blocks (1 at a 0-based line): what the model reads as
   * instructions. Empty for a file that is not Markdown.
   */
  prose: Uint8Array;
  /** The anchor marks of each line (see `line-anchors.ts`), and of the file and its units together. */
  marks: Uint32Array;
  all: Uint32Array;
}

/** Everything a rule sees of one skill. */
export interface AuditContext {
  files: ScannedFile[];
  /** Files not scanned as text: binaries by kind. */
  binaries: AuditFile[];
  frontmatter?: Frontmatter;
  name?: string;
  description?: string;
  /** The skill is about security (attacks, audits, pentests): Markdown examples are read as examples. */
  securityTopic: boolean;
}

const SCRIPT_EXTENSION =
  /\.(sh|bash|zsh|fish|ksh|py|pyw|js|mjs|cjs|ts|mts|cts|jsx|tsx|rb|pl|php|ps1|psm1|bat|cmd|lua|go|rs|java|kt|swift|cs|r|vbs|applescript|scpt|command|tool|mk)$/i;
const MARKDOWN_EXTENSION = /\.(md|mdx|markdown|txt|rst|adoc)$/i;
const CONFIG_EXTENSION =
  /\.(json|jsonc|ya?ml|toml|ini|cfg|conf|plist|service|timer|desktop|env|properties|xml|html?)$/i;

/** Whether a file is a script: under `scripts/`, a script extension, a `#!` line or an executable bit. */
export function isScript(path: string, mode: number, text: string | undefined): boolean {
  if (/^(scripts|bin|hooks)\//.test(path) && !MARKDOWN_EXTENSION.test(path)) return true;
  if (SCRIPT_EXTENSION.test(path)) return true;
  if (text?.startsWith("#!")) return true;
  return (mode & 0o111) !== 0 && !MARKDOWN_EXTENSION.test(path);
}

function kindOf(file: AuditFile): ScannedKind {
  if (file.path === "SKILL.md" || file.path.toLowerCase() === "skill.md") return "skill";
  if (MARKDOWN_EXTENSION.test(file.path)) return "markdown";
  if (isScript(file.path, file.mode, file.text)) return "script";
  if (CONFIG_EXTENSION.test(file.path) || /(^|\/)(Makefile|Dockerfile|crontab|\.\w*rc)$/.test(file.path))
    return "config";
  return "text";
}

// Words that, just before a code block or on a prose line, say the code is shown as something not to do.
const ILLUSTRATIVE =
  /\b(malicious|attack(er|ers|s)?|exploit(s|ed)?|vulnerab\w*|insecure|unsafe|dangerous|never|don'?t|do not|avoid|bad|wrong|anti-?pattern|detect(s|ed|ion)?|block(s|ed)?|den(y|ied)|forbid\w*|red flags?|flag|suspicious|payloads?|injection|phishing|backdoor|threat|obfuscat\w*|look for|watch for|check for|beware)\b|❌|🚫|⛔|⚠/i;

const SECURITY_TOPIC =
  /\b(security|secure|pentest\w*|penetration|red[- ]team\w*|threat|malware|vulnerab\w*|exploit\w*|CTF|forensic\w*|incident response|audit\w*|hardening|injection|attack\w*|OWASP|CVE|phishing|SAST|DAST|scanner)\b/i;

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const INLINE_CODE = /(`+)([^`]+?)\1/g;
const SPACE = /\s/;
const NON_SPACE = /\S/;

/** Whether `line` without its leading white space starts with `marker` (no trimmed copy made). */
function startsAfterSpace(line: string, marker: string): boolean {
  const at = line.search(NON_SPACE);
  return at >= 0 && line.startsWith(marker, at);
}

/** Splits a Markdown text into fenced-code units, inline-code units and prose lines. */
function splitMarkdown(file: ScannedFile, securityTopic: boolean): void {
  const { lines } = file;
  let index = 0;
  // The nearest heading: a section titled "Attack examples" or "Never do this" frames what is under it.
  let headingIllustrative = false;
  while (index < lines.length) {
    const line = lines[index]!;
    if (line.startsWith("#") || line.startsWith(" ")) {
      if (/^\s{0,3}#{1,6}\s/.test(line)) headingIllustrative = ILLUSTRATIVE.test(line);
    }
    // A fence starts within the first four characters: only a line starting with one of them or a space can.
    const first = line.charCodeAt(0);
    const fence = first === 96 || first === 126 || SPACE.test(line.charAt(0)) ? FENCE.exec(line) : null;
    if (fence) {
      const marker = fence[1]!;
      const start = index + 1;
      let end = start;
      while (end < lines.length && !startsAfterSpace(lines[end]!, marker)) end++;
      const framed = securityTopic || headingIllustrative;
      const opening = index;
      let illustrative: boolean | undefined;
      file.units.push({
        file,
        start: start + 1,
        lines: lines.slice(start, end),
        // Asked only of a unit with a finding: most never are.
        get illustrative() {
          illustrative ??= framed || ILLUSTRATIVE.test(previousProse(lines, opening));
          return illustrative;
        },
        marks: file.marks,
        first: start,
      });
      index = end + 1;
      continue;
    }
    file.prose[index] = 1;
    if (!line.includes("`")) {
      index++;
      continue;
    }
    const spans: string[] = [];
    INLINE_CODE.lastIndex = 0;
    for (let match = INLINE_CODE.exec(line); match; match = INLINE_CODE.exec(line)) spans.push(match[2]!);
    if (spans.length > 0) {
      const code = spans.join(" ; ");
      const framed = securityTopic || headingIllustrative;
      const at = index;
      let illustrative: boolean | undefined;
      file.units.push({
        file,
        start: index + 1,
        lines: [code],
        get illustrative() {
          illustrative ??=
            framed || ILLUSTRATIVE.test(`${lines[at - 1] ?? ""} ${line}`.replace(/`[^`]*`/g, " "));
          return illustrative;
        },
        // The line's marks: every anchor inside a span is on the line (none holds the " ; " joining them);
        // an anchor in the line's prose only makes a rule look at code it then finds nothing in.
        marks: file.marks,
        first: index,
      });
    }
    index++;
  }
}

/** The up to two non-blank prose lines (a heading included) before line `index`. */
function previousProse(lines: string[], index: number): string {
  const found: string[] = [];
  for (let at = index - 1; at >= 0 && found.length < 2 && index - at <= 6; at--) {
    const text = lines[at]!.trim();
    if (text !== "") found.push(text);
  }
  return found.join(" ");
}

/** The context the rules see for a skill's files (SKILL.md first). */
export function buildContext(
  files: readonly AuditFile[],
  frontmatter: Frontmatter | undefined,
): AuditContext {
  const name = frontmatter?.name;
  const description = frontmatter?.description;
  const securityTopic = SECURITY_TOPIC.test(`${name ?? ""} ${description ?? ""}`);
  const scanned: ScannedFile[] = [];
  for (const file of files) {
    if (file.text === undefined) continue;
    const kind = kindOf(file);
    const text = file.text.includes("\r") ? file.text.replace(/\r\n?/g, "\n") : file.text;
    const lines = text.split("\n");
    const all = new Uint32Array(WORDS);
    const marks = markLines(text, lines.length, all);
    const entry: ScannedFile = {
      path: file.path,
      kind,
      mode: file.mode,
      text,
      lines,
      units: [],
      prose: kind === "skill" || kind === "markdown" ? new Uint8Array(lines.length) : new Uint8Array(0),
      marks,
      all,
    };
    if (kind === "skill" || kind === "markdown") {
      splitMarkdown(entry, securityTopic);
    } else entry.units.push({ file: entry, start: 1, lines, illustrative: false, marks, first: 0 });
    scanned.push(entry);
  }
  const context: AuditContext = {
    files: scanned,
    binaries: files.filter((file) => file.text === undefined),
    securityTopic,
  };
  if (frontmatter) context.frontmatter = frontmatter;
  if (name !== undefined) context.name = name;
  if (description !== undefined) context.description = description;
  return context;
}

/** Every code unit of the skill. */
export function allUnits(context: AuditContext): CodeUnit[] {
  return context.files.flatMap((file) => file.units);
}

/** Whether `file` (its lines or its inline code) holds an anchor of any of `groups`. */
export function fileHolds(file: ScannedFile, ...groups: AnchorGroup[]): boolean {
  return holdsAny(file.all, ...groups);
}

/**
 * The code units that hold an anchor of any of `groups` on some line (not to be changed by the caller):
 * a rule whose every hit needs such a line has nothing to look at in the others.
 */
export function unitsHolding(context: AuditContext, ...groups: AnchorGroup[]): readonly CodeUnit[] {
  const found: CodeUnit[] = [];
  for (const file of context.files) {
    if (!holdsAny(file.all, ...groups)) continue;
    for (const unit of file.units) if (unit.lines === file.lines || unitHolds(unit, groups)) found.push(unit);
  }
  return found;
}

/** Whether some line of `unit` holds an anchor of any of `groups`. */
function unitHolds(unit: CodeUnit, groups: readonly AnchorGroup[]): boolean {
  const end = unit.first + unit.lines.length;
  for (const group of groups)
    for (let line = unit.first; line < end; line++) if (lineHas(unit.marks, line, group)) return true;
  return false;
}

/** Whether line `index` of `unit` holds an anchor of `group` (or of `other`). */
export function unitLineHolds(
  unit: CodeUnit,
  index: number,
  group: AnchorGroup,
  other?: AnchorGroup,
): boolean {
  return (
    lineHas(unit.marks, unit.first + index, group) ||
    (other !== undefined && lineHas(unit.marks, unit.first + index, other))
  );
}

/**
 * Calls `visit` with each line of `unit` holding an anchor of `group` (its index in `unit.lines` and its
 * 1-based line in the file): the only lines where a pattern anchored by `group` can match.
 */
export function eachLineHolding(
  unit: CodeUnit,
  group: AnchorGroup,
  visit: (text: string, index: number, line: number) => void,
): void {
  const { marks, first, lines } = unit;
  for (let index = 0; index < lines.length; index++)
    if (lineHas(marks, first + index, group)) visit(lines[index]!, index, unit.start + index);
}

/** The prose lines of `file` holding an anchor of `group`. */
export function proseHolding(file: ScannedFile, group: AnchorGroup): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  for (let index = 0; index < file.prose.length; index++)
    if (file.prose[index] === 1 && lineHas(file.marks, index, group))
      found.push({ line: index + 1, text: file.lines[index]! });
  return found;
}
