/**
 * @module What the rules look at: each text file split into lines, and into the units code runs in — a
 * whole script, a fenced block of Markdown, the inline code of one Markdown line — so a rule can ask for a
 * source and a sink in the same unit (one flow), not just two words somewhere in the skill. A Markdown
 * block introduced as a bad or malicious example, or in a skill about security, is marked illustrative:
 * its findings are kept but lowered, since the text describes an attack rather than asks for one.
 */
import type { Frontmatter } from "../model/skill.js";
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
  illustrative: boolean;
}

/** A text file of the skill. */
export interface ScannedFile {
  path: string;
  kind: ScannedKind;
  mode: number;
  text: string;
  lines: string[];
  units: CodeUnit[];
  /** Markdown lines outside code blocks (1-based line numbers): what the model reads as instructions. */
  prose: Array<{ line: number; text: string }>;
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
    const fence = line.includes("``") || line.includes("~~") ? FENCE.exec(line) : null;
    if (fence) {
      const marker = fence[1]!;
      const start = index + 1;
      let end = start;
      while (end < lines.length && !lines[end]!.trimStart().startsWith(marker)) end++;
      const before = previousProse(lines, index);
      file.units.push({
        file,
        start: start + 1,
        lines: lines.slice(start, end),
        illustrative: securityTopic || headingIllustrative || ILLUSTRATIVE.test(before),
      });
      index = end + 1;
      continue;
    }
    file.prose.push({ line: index + 1, text: line });
    if (!line.includes("`")) {
      index++;
      continue;
    }
    const spans = [...line.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2]!);
    if (spans.length > 0)
      file.units.push({
        file,
        start: index + 1,
        lines: [spans.join(" ; ")],
        illustrative:
          securityTopic ||
          headingIllustrative ||
          ILLUSTRATIVE.test(`${lines[index - 1] ?? ""} ${line}`.replace(/`[^`]*`/g, " ")),
      });
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
    const text = file.text.replace(/\r\n?/g, "\n");
    const entry: ScannedFile = {
      path: file.path,
      kind,
      mode: file.mode,
      text,
      lines: text.split("\n"),
      units: [],
      prose: [],
    };
    if (kind === "skill" || kind === "markdown") splitMarkdown(entry, securityTopic);
    else entry.units.push({ file: entry, start: 1, lines: entry.lines, illustrative: false });
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

/** Every line of `unit` matching `pattern` (which must not be global), with its file line. */
export function matchLines(unit: CodeUnit, pattern: RegExp): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  unit.lines.forEach((text, index) => {
    if (pattern.test(text)) found.push({ line: unit.start + index, text });
  });
  return found;
}

/** Every code unit of the skill. */
export function allUnits(context: AuditContext): CodeUnit[] {
  return context.files.flatMap((file) => file.units);
}

const fileMatches = new WeakMap<ScannedFile, Map<RegExp, boolean>>();
const multilineCopies = new WeakMap<RegExp, RegExp>();

/**
 * Whether `pattern` (a pattern for one line) can match any line of `file`: one pass over the whole text
 * instead of one test per line, so a rule skips at once the files it has nothing to say about. It may
 * answer true for a match across lines (`\s` spans a newline); the rule then looks line by line.
 */
export function fileMayMatch(file: ScannedFile, pattern: RegExp): boolean {
  let cache = fileMatches.get(file);
  if (!cache) {
    cache = new Map();
    fileMatches.set(file, cache);
  }
  let found = cache.get(pattern);
  if (found === undefined) {
    let copy = multilineCopies.get(pattern);
    if (!copy) {
      copy = new RegExp(pattern.source, `${pattern.flags.replace(/[gym]/g, "")}m`);
      multilineCopies.set(pattern, copy);
    }
    found = copy.test(file.text);
    cache.set(pattern, found);
  }
  return found;
}

/** The code units of the files where any of `patterns` may match. */
export function unitsWith(context: AuditContext, ...patterns: RegExp[]): CodeUnit[] {
  return context.files
    .filter((file) => patterns.some((pattern) => fileMayMatch(file, pattern)))
    .flatMap((file) => file.units);
}

const wordPatterns = new Map<string, RegExp>();

/**
 * Whether `file` holds any of `words` (lowercase), case-insensitively: one scan of the text for all of
 * them, which tells a rule whether to look at the file line by line at all.
 */
export function fileHasWord(file: ScannedFile, words: readonly string[]): boolean {
  const key = words.join("\u0000");
  let pattern = wordPatterns.get(key);
  if (!pattern) {
    pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|"), "i");
    wordPatterns.set(key, pattern);
  }
  return fileMayMatch(file, pattern);
}

/** The code units of the files holding any of `words` (lowercase). */
export function unitsWithWords(context: AuditContext, words: readonly string[]): CodeUnit[] {
  return context.files.filter((file) => fileHasWord(file, words)).flatMap((file) => file.units);
}
