/**
 * @module What the rules look at: each text file, where its lines start and which anchors each holds (one
 * pass, `line-anchors.ts`), and the units code runs in — a whole script, a fenced, indented or `<pre>`
 * block of Markdown, the inline code of one Markdown line, a paragraph of prose (a command written in a
 * sentence is still a command), the commands of SKILL.md's hooks — so a rule can ask for a source and a
 * sink in the same unit (one flow), not just two words somewhere in the skill. No file is split into lines: a line is cut out of the
 * text only when a rule looks at it, which its marks decide. A Markdown block introduced as a bad or
 * malicious example, or in a skill about security, is marked illustrative: its findings are kept but
 * lowered, since the text describes an attack rather than asks for one.
 */
import type { Frontmatter } from "../model/skill.js";
import { hookCommands, hookScript } from "./hook-commands.js";
import { type AnchorGroup, anchorGroup, holdsAny, lineHas, markLines, WORDS } from "./line-anchors.js";
import type { AuditFile } from "./read-audit-files.js";

/** How a file is treated. */
export type ScannedKind = "skill" | "markdown" | "script" | "config" | "text";

/** A stretch of code that runs as one flow. */
export interface CodeUnit {
  file: ScannedFile;
  /** 1-based line of its first line. */
  start: number;
  /** Its number of lines. */
  count: number;
  /** The code of its line `index` (for a prose line, only its inline code spans), cut out when asked. */
  line(index: number): string;
  /** The length of {@link CodeUnit.line} without cutting it out. */
  lineLength(index: number): number;
  /** Its lines `from` to `to` (not included), joined by `\n`. */
  text(from?: number, to?: number): string;
  /** Described rather than asked for (see the module comment). */
  readonly illustrative: boolean;
  /** A paragraph of prose read as code (not a block, a script or inline code). */
  readonly prose?: true;
  /** The inline code of one Markdown line. */
  readonly inline?: true;
  /** Its lines are read without their comments (see `withoutComment`): set for blocks and scripts only. */
  readonly comments?: CommentStyle;
  /** The anchor marks of the file's lines (see `line-anchors.ts`); an inline-code unit has its line's. */
  marks: Uint32Array;
  /** The line of `marks` that is its first line. */
  first: number;
}

/** A text file of the skill: its text, where its lines start and their marks; a line is cut out when asked. */
export class ScannedFile {
  readonly units: CodeUnit[] = [];
  /**
   * Which lines are Markdown outside code blocks (1 at a 0-based line): what the model reads as
   * instructions. Empty for a file that is not Markdown.
   */
  readonly prose: Uint8Array;
  /** Where each line starts (see `MarkedLines`). */
  readonly starts: Int32Array;
  /** The anchor marks of each line (see `line-anchors.ts`), and of the file and its units together. */
  readonly marks: Uint32Array;
  readonly all: Uint32Array;
  /** Its number of lines (split at `\n`). */
  readonly lineCount: number;

  constructor(
    readonly path: string,
    readonly kind: ScannedKind,
    readonly mode: number,
    readonly text: string,
    /**
     * The commands of SKILL.md's frontmatter hooks, each on the line it is written on (a script the host
     * runs on its events; `path` is SKILL.md's): not a file the skill ships.
     */
    readonly hooks = false,
  ) {
    const { starts, marks, all } = markLines(text);
    this.starts = starts;
    this.marks = marks;
    this.all = all;
    this.lineCount = starts.length - 1;
    this.prose = new Uint8Array(kind === "skill" || kind === "markdown" ? this.lineCount : 0);
  }

  /** Line `index` (0-based). */
  line(index: number): string {
    return this.text.slice(this.starts[index], this.starts[index + 1]! - 1);
  }

  lineLength(index: number): number {
    return this.starts[index + 1]! - 1 - this.starts[index]!;
  }

  /** Lines `from` to `to` (not included, within the file), joined by `\n`. */
  lines(from: number, to: number): string {
    const end = Math.min(to, this.lineCount);
    return from >= end ? "" : this.text.slice(this.starts[from], this.starts[end]! - 1);
  }

  #unitMarks: Uint32Array | undefined;

  /** The marks of each unit (in `units` order), all its lines together: `WORDS` words a unit. */
  unitMarks(): Uint32Array {
    if (this.#unitMarks === undefined) {
      const { units, marks } = this;
      const union = new Uint32Array(units.length * WORDS);
      for (let at = 0; at < units.length; at++) {
        const { first, count } = units[at]!;
        for (let word = 0; word < WORDS; word++) {
          let bits = 0;
          for (let line = first; line < first + count; line++) bits |= marks[line * WORDS + word]!;
          union[at * WORDS + word] = bits;
        }
      }
      this.#unitMarks = union;
    }
    return this.#unitMarks;
  }

  #headings: string | undefined;

  /** Its Markdown headings' text, joined (prose lines that start with `#`s): asked only of a few files. */
  headings(): string {
    if (this.#headings === undefined) {
      const found: string[] = [];
      for (let index = 0; index < this.prose.length; index++)
        if (this.prose[index] === 1 && /^\s{0,3}#{1,6}\s/.test(this.line(index)))
          found.push(this.line(index));
      this.#headings = found.join(" ");
    }
    return this.#headings;
  }

  /** The 0-based line holding offset `at` of the text. */
  lineAt(at: number): number {
    let low = 0;
    let high = this.lineCount - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle]! <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
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

// What makes code an example rather than a request (SPEC §17) must govern the code itself: a word like
// "never" or "secure" somewhere near it is not enough ("Never format by hand; always run:" asks for the
// command that follows). A heading that titles its section as attacks or what not to do …
const EXAMPLE_HEADING = new RegExp(
  [
    String.raw`\b(bad|malicious|insecure|unsafe|dangerous|destructive|vulnerable|wrong|evil|hostile|attack|exploit)[- ]?(examples?|patterns?|practices?|code|commands?|usage|scripts?|payloads?|techniques?|vectors?|behaviou?rs?|skills?|snippets?|signs?)\b`,
    String.raw`\b(attacks|exploits|exploitation|payloads|red[- ]flags?|anti-?patterns?|what not to do|don'?ts|never do (this|these|that)|things to avoid|indicators of compromise|IOCs?|reverse shells?|privilege escalation|post-exploitation|persistence techniques?|(command|prompt|sql) injection|jailbreaks?|threat model\w*)\b`,
    "❌|🚫|⛔",
  ].join("|"),
  "i",
);

// … or the words leading to it: a negative imperative about running it ("never run", "don't pipe"), what
// an attacker or malware does, an example labelled bad, or what a scanner looks for.
const EXAMPLE_LEAD = new RegExp(
  [
    String.raw`\b(never|don'?t|do not|must not|should not|shouldn'?t|avoid|stop)\s+(ever\s+)?(blindly\s+)?(run|running|execute|executing|use|using|pipe|piping|paste|pasting|type|typing|copy|copying|do|doing|write|writing|add|adding|install|installing|trust|trusting|allow|allowing|accept|accepting|source|sourcing|eval|call|calling|invoke|invoking|download|downloading|fetch|fetching|share|sharing|send|sending|upload|uploading|commit|committing|expose|exposing|print|printing|log|logging|paste|include|including)\b`,
    String.raw`\b(never|don'?t|do not|avoid)\s+\x60`,
    String.raw`\b(attackers?|adversar(y|ies)|threat actors?|malware|droppers?|stealers?|infostealers?|backdoors?|malicious|exploits?|phishing)\b`,
    String.raw`\b(bad|insecure|unsafe|dangerous|destructive|vulnerable|wrong|evil|hostile|incorrect)\s+(examples?|patterns?|practices?|code|commands?|usage|snippets?|versions?|ways?|ideas?)\b`,
    String.raw`\b(anti-?patterns?|red flags?|what not to do|look(s|ing)? for|watch (out )?for|beware( of)?|flag(s|ged)? (this|these|it|them|lines?|commands?)|detect(s|ed)? (this|these|commands?|lines?|patterns?))\b`,
    String.raw`(^|[\s*_>#(])(bad|wrong|insecure|unsafe|vulnerable|avoid|don'?t|never|dangerous|malicious)\s*[:—–]`,
    "❌|🚫|⛔|✗|✘",
  ].join("|"),
  "i",
);

/** The last sentence (or clause after a `;`) of `text`: the words that lead straight to what follows. */
function lastSentence(text: string): string {
  // "e.g." and "i.e." end no sentence.
  const parts = text.replace(/\b(e\.g|i\.e|etc|vs|cf)\./gi, "$1").split(/[.!?;](?=\s|$)/);
  for (let at = parts.length - 1; at >= 0; at--) if (parts[at]!.trim() !== "") return parts[at]!;
  return "";
}

/** Whether `lead` (the words leading to code) says the code is an example of what not to do. */
export function leadsToExample(lead: string): boolean {
  return EXAMPLE_LEAD.test(lastSentence(lead));
}

/** What a security topic's words start with: a skill's name and description without any is no such topic. */
const TOPIC_STEMS =
  /pentest|penetration|red.team|malware|ctf|capture.the|forensic|incident|threat|exploit|vulnerab|owasp|cve|phishing|injection|jailbreak|offensive|security|sast|dast|reverse.engineer|bug.bount|ethical|privilege|attack/i;

/**
 * A skill about security work (pentests, malware, prompt injection, vulnerability research): its Markdown
 * examples are read as examples. A word like "secure" or "security" alone is not such a topic.
 */
const SECURITY_TOPIC =
  /\b(pentest\w*|penetration[- ]test\w*|red[- ]team\w*|malware|CTF|capture[- ]the[- ]flag|forensic\w*|incident[- ]response|threat[- ](hunting|intel\w*|model\w*)|exploit\w*|vulnerabilit(y|ies)|OWASP|CVEs?|phishing|prompt[- ]injection|jailbreak\w*|offensive security|security (research|training|testing|audit\w*|review\w*|assessment|scann\w*)|SAST|DAST|reverse[- ]engineer\w*|bug[- ]bount\w*|ethical hack\w*|privilege escalation|attack (simulation|techniques?|patterns?|surface))\b/i;

// Tried at a line's start (sticky): `[^\S\n]` is `\s` that stays on the line.
const FENCE = /[^\S\n]{0,3}(`{3,}|~{3,})/y;
const HEADING = /[^\S\n]{0,3}#{1,6}[^\S\n]/y;
const SPACE = /\s/;
// The lines that can hold inline code, and those that can open or close a fenced block.
const BACKTICK = anchorGroup(["`"]);
const FENCE_MARKERS = anchorGroup(["```", "~~~"], /^\s{0,3}(`{3,}|~{3,})/, /^\s*(`{3,}|~{3,})/);

/**
 * The inline code spans of a Markdown line, as `/(`+)([^`]+?)\1/g` finds them (each span's code), without
 * the pattern's match arrays: a run of backticks opens, the code runs to the next backtick, and the span
 * closes with as many backticks as both runs have (the pattern retries the opening run one backtick
 * shorter until it fits the closing one).
 */
export function inlineCodeSpans(line: string): string[] {
  const spans: string[] = [];
  for (let open = line.indexOf("`"); open !== -1; ) {
    const code = runEnd(line, open);
    const close = line.indexOf("`", code);
    if (close === -1) break;
    const closeEnd = runEnd(line, close);
    spans.push(line.slice(code, close));
    open = line.indexOf("`", close + Math.min(code - open, closeEnd - close));
  }
  return spans;
}

/** Where the run of backticks starting at `at` ends. */
function runEnd(line: string, at: number): number {
  let end = at;
  while (end < line.length && line.charCodeAt(end) === 96) end++;
  return end;
}

/** Whether `regex` (sticky) matches at offset `at` of `text`. */
function testAt(regex: RegExp, text: string, at: number): boolean {
  regex.lastIndex = at;
  return regex.test(text);
}

/** The match of `regex` (sticky) at offset `at` of `text`. */
function matchesAt(regex: RegExp, text: string, at: number): RegExpExecArray | null {
  regex.lastIndex = at;
  return regex.exec(text);
}

/**
 * Whether the line at offset `at` can be a heading: it needs `#` after at most three white space characters
 * (past ASCII, the pattern decides).
 */
function mayBeHeading(text: string, at: number): boolean {
  for (let next = at; next < at + 4; next++) {
    const code = text.charCodeAt(next);
    if (code === 35 || code > 127) return true;
    // Not white space on the line (a line break, the text's end or anything else): nothing opens here.
    if (code !== 32 && code !== 9 && code !== 11 && code !== 12 && code !== 13) return false;
  }
  return false;
}

/** Whether line `index` of `file`, without its leading white space, starts with `marker`. */
function startsAfterSpace(file: ScannedFile, index: number, marker: string): boolean {
  const { text } = file;
  const end = file.starts[index + 1]! - 1;
  let at = file.starts[index]!;
  for (; at < end; at++) {
    const code = text.charCodeAt(at);
    const space = code === 32 || (code >= 9 && code <= 13) || (code > 127 && SPACE.test(text.charAt(at)));
    if (!space) break;
  }
  return at < end && text.startsWith(marker, at);
}

/**
 * What frames the code under a heading: the skill's topic, or the words of a heading above it (a section
 * titled "Attack examples" or "What not to do", or one inside such a section), read only when a unit under
 * it is first asked.
 */
class Frame {
  #illustrative: boolean | undefined;

  constructor(
    private readonly file: ScannedFile,
    private readonly topic: boolean,
    /** The heading's line, or -1 before any. */
    private readonly heading: number,
    /** The frame of the section this heading is in, and the heading's level. */
    readonly parent?: Frame,
    readonly level = 0,
  ) {}

  get illustrative(): boolean {
    this.#illustrative ??=
      this.topic ||
      (this.heading >= 0 && EXAMPLE_HEADING.test(this.file.line(this.heading))) ||
      (this.parent?.illustrative ?? false);
    return this.#illustrative;
  }
}

/** A script's frame: nothing around it says it is an example. */
const UNFRAMED: Pick<Frame, "illustrative"> = { illustrative: false };

/** Lines of a file, from its 0-based line `first`: what every kind of unit shares. */
abstract class UnitOfFile {
  constructor(
    readonly file: ScannedFile,
    readonly first: number,
  ) {}

  get start(): number {
    return this.first + 1;
  }

  get marks(): Uint32Array {
    return this.file.marks;
  }
}

/** Lines `first` to `first + count` of a file: a whole script, or a fenced block of Markdown. */
class BlockUnit extends UnitOfFile implements CodeUnit {
  #illustrative: boolean | undefined;

  constructor(
    file: ScannedFile,
    first: number,
    readonly count: number,
    /** Framed by the skill's topic or a heading; else the prose before `opening` (the fence) decides. */
    private readonly frame: Pick<Frame, "illustrative">,
    private readonly opening: number,
  ) {
    super(file, first);
  }

  // Asked only of a unit with a finding: most never are.
  get illustrative(): boolean {
    this.#illustrative ??=
      this.frame.illustrative || (this.opening >= 0 && leadsToExample(proseBefore(this.file, this.opening)));
    return this.#illustrative;
  }

  /** How its lines mark a comment (`#`, `//`, both), when they do: a comment is not run, so not read. */
  comments: CommentStyle = "";
  /** Its lines without their comments, each cut once for all the rules that ask. */
  #code: Array<string | undefined> | undefined;

  line(index: number): string {
    if (this.comments === "") return this.file.line(this.first + index);
    this.#code ??= new Array(this.count);
    let code = this.#code[index];
    if (code === undefined) {
      code = withoutComment(this.file.line(this.first + index), this.comments);
      this.#code[index] = code;
    }
    return code;
  }

  lineLength(index: number): number {
    return this.file.lineLength(this.first + index);
  }

  text(from = 0, to = this.count): string {
    return this.file.lines(this.first + from, this.first + Math.min(to, this.count));
  }
}

/** The comment marks of code: none, `#` (shells, Python, Ruby, PowerShell, YAML), `//` (JavaScript, Go…), both. */
export type CommentStyle = "" | "#" | "//" | "#//";

const HASH_COMMENTS =
  /\.(sh|bash|zsh|fish|ksh|py|pyw|rb|pl|ps1|psm1|r|mk|ya?ml|toml|ini|cfg|conf|env|properties|service|timer|desktop)$|(^|\/)(Makefile|Dockerfile|crontab|\.\w*rc)$/i;
const SLASH_COMMENTS = /\.(js|mjs|cjs|ts|mts|cts|jsx|tsx|go|rs|java|kt|swift|cs|c|cc|cpp|h|hpp|scala|dart)$/i;

/** How a script or config file marks comments, by its name (a `#!` script without one: `#`). */
function commentStyleOf(path: string, text: string): CommentStyle {
  if (/\.php$/i.test(path)) return "#//";
  if (SLASH_COMMENTS.test(path)) return "//";
  if (HASH_COMMENTS.test(path) || (!/\.\w+$/.test(path) && text.startsWith("#!"))) return "#";
  return "";
}

/**
 * `line` without its trailing comment: a `#` (or `//`) that starts the line or follows white space, outside
 * quotes. `rm -rf "$DIR/"*   # with DIR empty this is rm -rf /*` deletes the folder, not the root.
 */
export function withoutComment(line: string, style: CommentStyle): string {
  const hash = style.includes("#") && line.includes("#");
  const slash = style.includes("//") && line.includes("//");
  if (!hash && !slash) return line;
  let quote = 0;
  for (let at = 0; at < line.length; at++) {
    const code = line.charCodeAt(at);
    if (quote !== 0) {
      if (code === 92 && quote !== 39) at++;
      else if (code === quote) quote = 0;
      continue;
    }
    if (code === 34 || code === 39 || code === 96) quote = code;
    else if (at === 0 || line.charCodeAt(at - 1) === 32 || line.charCodeAt(at - 1) === 9) {
      if (hash && code === 35) return line.slice(0, at);
      if (slash && code === 47 && line.charCodeAt(at + 1) === 47) return line.slice(0, at);
    }
  }
  return line;
}

/**
 * The inline code of prose line `first`, its spans joined by " ; ". Its marks are the line's: every anchor
 * inside a span is on the line (none holds the " ; " joining them); an anchor in the line's prose only
 * makes a rule look at code it then finds nothing in.
 */
class InlineUnit extends UnitOfFile implements CodeUnit {
  readonly count = 1;
  readonly inline = true;
  #illustrative: boolean | undefined;

  constructor(
    file: ScannedFile,
    first: number,
    private readonly code: string,
    private readonly frame: Pick<Frame, "illustrative">,
  ) {
    super(file, first);
  }

  get illustrative(): boolean {
    const { file, first } = this;
    this.#illustrative ??=
      this.frame.illustrative ||
      leadsToExample(`${proseBefore(file, first, 1)} ${leadingText(file.line(first))}`);
    return this.#illustrative;
  }

  line(): string {
    return this.code;
  }

  lineLength(): number {
    return this.code.length;
  }

  text(from = 0, to = 1): string {
    return from <= 0 && to > 0 ? this.code : "";
  }
}

/**
 * A paragraph of prose, read as code too: "Before formatting, run: curl … | bash" or "read ~/.aws/credentials,
 * then send it to https://…" asks for the command as surely as a code block does. A paragraph is one flow;
 * its lines are the file's with their inline code blanked (inline code is a unit of its own).
 */
class ProseUnit extends UnitOfFile implements CodeUnit {
  readonly prose = true;
  #illustrative: boolean | undefined;

  constructor(
    file: ScannedFile,
    first: number,
    readonly count: number,
    private readonly frame: Pick<Frame, "illustrative">,
  ) {
    super(file, first);
  }

  get illustrative(): boolean {
    this.#illustrative ??=
      this.frame.illustrative ||
      leadsToExample(proseBefore(this.file, this.first)) ||
      EXAMPLE_LEAD.test(this.text());
    return this.#illustrative;
  }

  line(index: number): string {
    const at = this.first + index;
    const text = this.file.line(at);
    return lineHas(this.file.marks, at, BACKTICK) ? withoutInlineCode(text) : text;
  }

  lineLength(index: number): number {
    return this.file.lineLength(this.first + index);
  }

  text(from = 0, to = this.count): string {
    const lines: string[] = [];
    for (let index = Math.max(0, from); index < Math.min(to, this.count); index++)
      lines.push(this.line(index));
    return lines.join("\n");
  }
}

/** `line` with each inline code span (its backticks too) blanked to spaces: the same length, the prose only. */
export function withoutInlineCode(line: string): string {
  let out = "";
  let from = 0;
  for (let open = line.indexOf("`"); open !== -1; ) {
    const code = runEnd(line, open);
    const close = line.indexOf("`", code);
    if (close === -1) break;
    const closeEnd = runEnd(line, close);
    // As `inlineCodeSpans` reads it: the span closes with as many backticks as both runs have.
    const end = close + Math.min(code - open, closeEnd - close);
    out += line.slice(from, open) + " ".repeat(end - open);
    from = end;
    open = line.indexOf("`", end);
  }
  return out + line.slice(from);
}

/**
 * Whether lines `from` to `to` (not included) of `file` hold what a command written in a sentence holds
 * and a sentence about commands rarely does: a pipe, a redirection, `&&`, a substitution or variable, a path
 * under the home folder. A paragraph without any is not read as code (it would only cost time: the rules'
 * words — "format", "fetch", "open" — are prose too; its inline code is a unit of its own). One pass.
 */
function holdsCode(file: ScannedFile, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (lineHas(file.marks, index, CODE_SIGNS)) return true;
  return false;
}

/** The words of {@link holdsCode}'s signs, marked in the file's one pass. */
const CODE_SIGNS = anchorGroup([
  "|",
  " >",
  ">>",
  ">/",
  "&&",
  "$(",
  "${",
  "$home",
  "~/",
  "$env:",
  "%userprofile%",
]);

/** Lines that can open an HTML `<pre>` block. */
const PRE_ANCHORS = anchorGroup(["<pre"], /<pre\b/i);
const PRE_OPEN = /<pre\b/i;
const PRE_CLOSE = /<\/pre\s*>/i;

/** The columns of white space a line starts with (a tab to the next multiple of four), up to `most`. */
function indentOf(text: string, at: number, end: number, most = 8): number {
  let columns = 0;
  for (let next = at; next < end && columns < most; next++) {
    const code = text.charCodeAt(next);
    if (code === 32) columns++;
    else if (code === 9) columns += 4 - (columns % 4);
    else return columns;
  }
  return columns;
}

/** Whether a list item's marker (`-`, `*`, `+`, `1.`, `1)`, then white space or the line's end) is at `at`. */
function listItemAt(text: string, at: number, end: number): boolean {
  let next = at;
  const code = text.charCodeAt(next);
  if (code === 45 || code === 42 || code === 43) next++;
  else {
    while (next < end && next - at < 9 && text.charCodeAt(next) >= 48 && text.charCodeAt(next) <= 57) next++;
    if (next === at || (text.charCodeAt(next) !== 46 && text.charCodeAt(next) !== 41)) return false;
    next++;
  }
  const after = text.charCodeAt(next);
  return next >= end || after === 32 || after === 9;
}

/** How many white space characters (spaces, tabs) the line at offset `at` starts with, up to `end`. */
function leadingSpace(text: string, at: number, end: number): number {
  let next = at;
  while (next < end && (text.charCodeAt(next) === 32 || text.charCodeAt(next) === 9)) next++;
  return next - at;
}

/** Whether line `index` of `file` is empty or white space only. */
function isBlank(file: ScannedFile, index: number): boolean {
  const { text, starts } = file;
  const end = starts[index + 1]! - 1;
  for (let at = starts[index]!; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 13 && code !== 11 && code !== 12) return false;
  }
  return true;
}

/** The lines of SKILL.md's frontmatter (`---` to `---`): none of them is Markdown's code or prose to run. */
function frontmatterLines(file: ScannedFile): number {
  if (file.kind !== "skill" || !/^---\s*$/.test(file.line(0))) return 0;
  for (let index = 1; index < file.lineCount; index++)
    if (/^(---|\.\.\.)\s*$/.test(file.line(index))) return index + 1;
  return 0;
}

/** A block of code in Markdown: shell's and Python's `#` comments are not run. */
function codeBlock(
  file: ScannedFile,
  first: number,
  count: number,
  frame: Pick<Frame, "illustrative">,
  opening: number,
): BlockUnit {
  const unit = new BlockUnit(file, first, count, frame, opening);
  unit.comments = "#";
  return unit;
}

/**
 * Splits a Markdown file into code units — fenced blocks, indented code blocks (four spaces after a blank
 * line, outside a list), `<pre>` blocks, inline code, and each paragraph of prose — and marks its prose
 * lines. Only the lines that can be a heading (by their first characters), open or close a fence or a
 * `<pre>`, or hold a backtick (by their marks) are looked at closer.
 */
function splitMarkdown(file: ScannedFile, securityTopic: boolean): void {
  const { text, starts, lineCount, marks } = file;
  // The frontmatter is prose to the instruction rules (a description can inject) but holds no code to run:
  // its hooks are read as a script of their own.
  let index = frontmatterLines(file);
  file.prose.fill(1, 0, index);
  // The nearest heading: a section titled "Attack examples" or "Never do this" frames what is under it.
  let frame = new Frame(file, securityTopic, -1);
  // The open paragraph's first line (-1: none), and what the lines before say of the next one.
  let paragraph = -1;
  let afterBlank = true;
  let inList = false;
  const closeParagraph = (end: number) => {
    if (paragraph >= 0 && holdsCode(file, paragraph, end))
      file.units.push(new ProseUnit(file, paragraph, end - paragraph, frame));
    paragraph = -1;
  };
  while (index < lineCount) {
    const at = starts[index]!;
    const end = starts[index + 1]! - 1;
    const first = text.charCodeAt(at);
    if (at === end || ((first === 32 || first === 9 || first === 13) && isBlank(file, index))) {
      closeParagraph(index);
      file.prose[index] = 1;
      afterBlank = true;
      index++;
      continue;
    }
    const indent = first === 32 || first === 9 ? indentOf(text, at, end) : 0;
    // Four columns of indent after a blank line, outside a list: an indented code block, to the last
    // indented line before a line that is not.
    if (indent >= 4 && afterBlank && !inList) {
      closeParagraph(index);
      let last = index;
      for (let next = index + 1; next < lineCount; next++) {
        if (isBlank(file, next)) continue;
        if (indentOf(text, starts[next]!, starts[next + 1]! - 1) < 4) break;
        last = next;
      }
      file.units.push(codeBlock(file, index, last - index + 1, frame, index));
      index = last + 1;
      afterBlank = false;
      continue;
    }
    const heading = (first === 35 || first === 32) && mayBeHeading(text, at) && testAt(HEADING, text, at);
    if (heading) {
      closeParagraph(index);
      // The section it opens sits in the nearest one above of a lower level.
      let level = 0;
      for (
        let next = at + (first === 32 ? leadingSpace(text, at, end) : 0);
        text.charCodeAt(next) === 35;
        next++
      )
        level++;
      let parent: Frame | undefined = frame;
      while (parent && parent.level >= level) parent = parent.parent;
      frame = new Frame(file, securityTopic, index, parent, level);
      inList = false;
    }
    // A fence is three backticks or tildes, which the line's marks tell.
    const fence = lineHas(marks, index, FENCE_MARKERS) ? matchesAt(FENCE, text, at) : null;
    if (fence) {
      closeParagraph(index);
      const marker = fence[1]!;
      const start = index + 1;
      let close = start;
      while (
        close < lineCount &&
        !(lineHas(marks, close, FENCE_MARKERS) && startsAfterSpace(file, close, marker))
      )
        close++;
      file.units.push(codeBlock(file, start, close - start, frame, index));
      index = close + 1;
      afterBlank = true;
      continue;
    }
    // An HTML `<pre>` block over several lines is code, tags and all (on one line it is a paragraph's).
    if (
      lineHas(marks, index, PRE_ANCHORS) &&
      PRE_OPEN.test(file.line(index)) &&
      !PRE_CLOSE.test(file.line(index))
    ) {
      closeParagraph(index);
      let close = index + 1;
      while (close < lineCount && !PRE_CLOSE.test(file.line(close))) close++;
      const last = Math.min(close, lineCount - 1);
      file.units.push(codeBlock(file, index, last - index + 1, frame, index));
      index = last + 1;
      afterBlank = false;
      continue;
    }
    file.prose[index] = 1;
    // The line's first character after its indent tells a list item (`-`, `*`, `+`, a digit) or a table
    // row (`|`) apart: the line is cut out only then.
    const space = first === 32 || first === 9 ? leadingSpace(text, at, end) : 0;
    const lead = text.charCodeAt(at + space);
    if (space <= 3 && listItemAt(text, at + space, end)) inList = true;
    else if (indent === 0 && afterBlank) inList = false;
    // A table row is cells, not a sentence or a command: no paragraph of its own.
    if (lead === 124) closeParagraph(index);
    else if (paragraph < 0 && !heading) paragraph = index;
    if (lineHas(marks, index, BACKTICK)) {
      const spans = inlineCodeSpans(file.line(index));
      if (spans.length > 0) file.units.push(new InlineUnit(file, index, spans.join(" ; "), frame));
    }
    afterBlank = false;
    index++;
  }
  closeParagraph(lineCount);
}

/** The up to `most` non-blank lines (a heading included) before line `index`, in order, emphasis marks dropped. */
function proseBefore(file: ScannedFile, index: number, most = 2): string {
  const found: string[] = [];
  for (let at = index - 1; at >= 0 && found.length < most && index - at <= 6; at--) {
    const text = file.line(at).trim();
    if (text !== "") found.unshift(text.replace(/[*_]+/g, ""));
  }
  return found.join(" ");
}

/** The words of a Markdown line before its first inline code span (the text leading to the code). */
function leadingText(line: string): string {
  const open = line.indexOf("`");
  return (open === -1 ? line : line.slice(0, open + 1)).replace(/[*_]+/g, "");
}

/**
 * The words a reader sees around 1-based line `line` of `unit`'s file: the file's headings, the prose just
 * before the unit, and the lines up to the line itself (a `# Install the CLI` comment, "Install it: `…`").
 */
export function wordsAround(unit: CodeUnit, line: number): string {
  const { file } = unit;
  const parts = [file.headings(), proseBefore(file, unit.first, 3)];
  for (let index = Math.max(unit.first, line - 4); index < line && index < file.lineCount; index++)
    parts.push(file.line(index));
  return parts.join(" ");
}

/** The context the rules see for a skill's files (SKILL.md first). */
export function buildContext(
  files: readonly AuditFile[],
  frontmatter: Frontmatter | undefined,
): AuditContext {
  const name = frontmatter?.name;
  const description = frontmatter?.description;
  const about = `${name ?? ""} ${description ?? ""}`;
  const securityTopic = TOPIC_STEMS.test(about) && SECURITY_TOPIC.test(about);
  const scanned: ScannedFile[] = [];
  for (const file of files) {
    if (file.text === undefined) continue;
    const kind = kindOf(file);
    const text = file.text.includes("\r") ? file.text.replace(/\r\n?/g, "\n") : file.text;
    const entry = new ScannedFile(file.path, kind, file.mode, text);
    if (kind === "skill" || kind === "markdown") splitMarkdown(entry, securityTopic);
    else {
      const unit = new BlockUnit(entry, 0, entry.lineCount, UNFRAMED, -1);
      unit.comments = commentStyleOf(file.path, text);
      entry.units.push(unit);
    }
    scanned.push(entry);
  }
  // Hooks run without the model deciding to: their commands are read as a script's lines (SPEC §17).
  const commands = hookCommands(frontmatter?.hooks);
  const skill = scanned.find((file) => file.kind === "skill");
  if (commands.length > 0 && skill) {
    const hooks = new ScannedFile(skill.path, "script", 0o644, hookScript(skill.text, commands), true);
    const unit = new BlockUnit(hooks, 0, hooks.lineCount, UNFRAMED, -1);
    unit.comments = "#";
    hooks.units.push(unit);
    scanned.push(hooks);
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

/** Whether `file` (its lines or its inline code) holds an anchor of any of `groups`. */
export function fileHolds(file: ScannedFile, ...groups: AnchorGroup[]): boolean {
  return holdsAny(file.all, ...groups);
}

/**
 * The code units that hold an anchor of any of `groups` on some line (not to be changed by the caller):
 * a rule whose every hit needs such a line has nothing to look at in the others.
 */
export function unitsHolding(context: AuditContext, ...groups: AnchorGroup[]): readonly CodeUnit[] {
  // The groups' bits in one mask per word: a unit is then tested with two loads, whatever the groups.
  let mask0 = 0;
  let mask1 = 0;
  for (const group of groups)
    if (group.word === 0) mask0 |= group.bit;
    else mask1 |= group.bit;
  const found: CodeUnit[] = [];
  for (const file of context.files) {
    if ((file.all[0]! & mask0) === 0 && (file.all[1]! & mask1) === 0) continue;
    // Each unit's lines together, worked out once for all the rules that ask.
    const unitMarks = file.unitMarks();
    const { units } = file;
    for (let at = 0; at < units.length; at++)
      if ((unitMarks[at * WORDS]! & mask0) !== 0 || (unitMarks[at * WORDS + 1]! & mask1) !== 0)
        found.push(units[at]!);
  }
  return found;
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
 * Calls `visit` with each line of `unit` holding an anchor of `group` (or of `other`), with its index in
 * the unit and its 1-based line in the file: the only lines where a pattern anchored by them can match,
 * and the only ones cut out of the text.
 */
export function eachLineHolding(
  unit: CodeUnit,
  group: AnchorGroup,
  visit: (text: string, index: number, line: number) => void,
  other?: AnchorGroup,
): void {
  const { first, count } = unit;
  for (let index = 0; index < count; index++)
    if (unitLineHolds(unit, index, group, other)) visit(unit.line(index), index, first + index + 1);
}

/** The first line of `unit` holding an anchor of `group` (or of `other`) that `test` accepts. */
export function firstLineHolding(
  unit: CodeUnit,
  test: (text: string, index: number) => unknown,
  group: AnchorGroup,
  other?: AnchorGroup,
): { index: number; line: number; text: string } | undefined {
  for (let index = 0; index < unit.count; index++) {
    if (!unitLineHolds(unit, index, group, other)) continue;
    const text = unit.line(index);
    if (test(text, index)) return { index, line: unit.start + index, text };
  }
  return undefined;
}

/** The prose lines of `file` holding an anchor of `group`, and one of each of `also` too. */
export function proseHolding(
  file: ScannedFile,
  group: AnchorGroup,
  ...also: AnchorGroup[]
): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const { prose, marks } = file;
  lines: for (let index = 0; index < prose.length; index++) {
    if (prose[index] !== 1 || !lineHas(marks, index, group)) continue;
    for (const other of also) if (!lineHas(marks, index, other)) continue lines;
    found.push({ line: index + 1, text: file.line(index) });
  }
  return found;
}

/** Calls `visit` with each line of `file` holding an anchor of `group` (its text and 0-based index). */
export function eachFileLineHolding(
  file: ScannedFile,
  group: AnchorGroup,
  visit: (text: string, index: number) => void,
): void {
  for (let index = 0; index < file.lineCount; index++)
    if (lineHas(file.marks, index, group)) visit(file.line(index), index);
}
