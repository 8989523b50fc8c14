/**
 * @module Values that flow through a variable within one unit (a script, a block): `code =
 * requests.get(u).text` then `exec(code)`, `X=$(echo … | base64 -d); eval "$X"`, `home =
 * os.path.expanduser("~")` then `shutil.rmtree(home)`. Each unit's assignments are read once, in order:
 * a name is bound to what its value is (fetched, decoded, a home folder, a credential or persistence path)
 * or derived from (`src = await res.text()` takes what `res` is). A rule then asks whether a later line
 * uses such a name in its sink (runs it, reads it, deletes it, writes to it).
 */
import { type AnchorGroup, anchorGroup } from "../line-anchors.js";
import { type CodeUnit, eachLineHolding, unitLineHolds } from "../scan-context.js";
import { CREDENTIAL_ANCHORS, CREDENTIAL_STORE, pathView } from "./signals.js";

/** What a bound value is. */
export type Bound = "fetched" | "decoded" | "url" | "home" | "credential" | "profile" | "keys" | "hook";

/** A name's binding: what it is, where it was bound (1-based line, its text), and the line it came from. */
export interface Binding {
  kinds: Set<Bound>;
  line: number;
  text: string;
  /** The line the value first came from (`res = fetch(url)` for `src = res.text()`). */
  origin: string;
}

const FETCHED =
  /\b(requests|httpx|session|client)\.(get|request)\s*\(|\burlopen\s*\(|\burllib\.request\.\w+\s*\(|\bfetch\s*\(|\baxios(\.get)?\s*\(|\bhttps?\.get\s*\(|\$\(\s*(curl|wget)\b|`\s*(curl|wget)\b|\b(Invoke-WebRequest|Invoke-RestMethod|iwr|irm)\b|\bDownloadString\s*\(/i;
const DECODED =
  /\bbase64\s+(-d|--decode|-D)\b|\b(b64decode|b32decode|a85decode|b85decode|decodebytes|unhexlify|fromhex)\b|\bcodecs\.decode\s*\(|\batob\s*\(|\bBuffer\.from\s*\([^\n)]{0,200}["'](base64|hex)["']|FromBase64String|\bxxd\s+-r\b|\|\s*rev\b(?!-)|\b(zlib|gzip|lzma|bz2)\.decompress\s*\(|\bmarshal\.loads\s*\(/i;
const URL_LITERAL = /\bhttps?:\/\/[^\s"'`)]+/i;
const HOME_ONLY = /^\s*\(?\s*["']?~\/?["']?\s*\)?\s*;?\s*$/;
const PROFILE_PATH =
  /(~|\$HOME|\$\{HOME\}|home)[/\\]*\.(bashrc|bash_profile|zshrc|zprofile|zshenv|profile|bash_login|config\/fish\/config\.fish)\b/i;
const KEYS_PATH = /authorized_keys\b/;
const HOOK_PATH = /\.git\/hooks\/[\w.-]+/;

// An assignment: `name = value` in Python, JS (`const`/`let`/`var`), Go (`:=`), Ruby, shell (`NAME=value`,
// `export`/`local NAME=`) and PowerShell (`$name =`).
const ASSIGNMENT =
  /^\s*(?:(?:const|let|var|local|export|my|our|readonly|declare)\s+)?\$?([A-Za-z_][\w]{0,40})\s*(?::=|=)(?!=)\s*(.*)$/;
const IDENTIFIER = /[A-Za-z_][\w]*/g;

/** The most names a unit tracks, and assignments it reads (in all, and on one line): a bound on a hostile file. */
const MAX_NAMES = 64;
const MAX_ASSIGNMENTS = 2_000;
const MAX_ON_LINE = 100;

const cache = new WeakMap<CodeUnit, Map<string, Binding>>();

/** Each statement of `line`: split at `;` and `&&` (shell writes several on one line). */
function statements(line: string): string[] {
  return line.includes(";") || line.includes("&&") ? line.split(/;|&&/) : [line];
}

/**
 * What `value` is, given the names bound so far (a derived value takes what its names are; `from` gets
 * the line of the first of them).
 */
function kindsOf(value: string, bound: Map<string, Binding>, from?: { origin?: string }): Set<Bound> {
  const kinds = new Set<Bound>();
  let view = value;
  if (bound.size > 0)
    for (const name of value.match(IDENTIFIER) ?? []) {
      const binding = bound.get(name);
      if (!binding) continue;
      if (from) from.origin ??= binding.origin;
      for (const kind of binding.kinds) if (kind !== "home") kinds.add(kind);
      // A path built on a home folder is a path under `~`.
      if (binding.kinds.has("home")) view = view.replace(new RegExp(`\\b${name}\\b`, "g"), "~");
    }
  if (FETCHED.test(value)) kinds.add("fetched");
  if (DECODED.test(value)) kinds.add("decoded");
  if (URL_LITERAL.test(value)) kinds.add("url");
  view = pathView(view);
  if (HOME_ONLY.test(view)) kinds.add("home");
  if (CREDENTIAL_STORE.test(view)) kinds.add("credential");
  if (PROFILE_PATH.test(view)) kinds.add("profile");
  if (KEYS_PATH.test(view)) kinds.add("keys");
  if (HOOK_PATH.test(view)) kinds.add("hook");
  return kinds;
}

/** Whether a line can bind a name to what a flow follows (see {@link kindsOf}): the lines worth reading. */
function bindsSomething(line: string): boolean {
  return kindsOf(line, new Map()).size > 0;
}

/** The words of a line that can bind a name to something a flow follows (or a credential's, below). */
export const SOURCE_ANCHORS = anchorGroup(
  [
    ...["requests.", "httpx", "session.", "client.", "urlopen", "urllib", "fetch", "axios", "http"],
    ...["curl", "wget", "invoke-", "iwr", "irm", "downloadstring"],
    ...["base64", "b64decode", "b32decode", "a85decode", "b85decode", "decodebytes", "unhexlify", "fromhex"],
    ...["codecs.decode", "atob", "buffer.from", "xxd", "rev", "decompress", "marshal.loads"],
    ...["~", "home", "userprofile", "expanduser", "getfolderpath", "authorized_keys", ".git", "hooks"],
    ...[
      ".bashrc",
      ".bash_profile",
      ".zshrc",
      ".zprofile",
      ".zshenv",
      ".profile",
      ".bash_login",
      "config.fish",
    ],
  ],
  (line: string) => bindsSomething(line) && !CREDENTIAL_STORE.test(pathView(line)),
);

/** The names `unit` binds, read once for all the rules that ask. */
export function bindings(unit: CodeUnit): Map<string, Binding> {
  let bound = cache.get(unit);
  if (bound) return bound;
  bound = new Map();
  let read = 0;
  for (let index = 0; index < unit.count && read < MAX_ASSIGNMENTS; index++) {
    // A line binds something new when it holds a source's word, or derives from a name bound already.
    if (!unitLineHolds(unit, index, SOURCE_ANCHORS, CREDENTIAL_ANCHORS) && bound.size === 0) continue;
    const line = unit.line(index);
    if (!line.includes("=")) continue;
    let onLine = 0;
    for (const statement of statements(line)) {
      const assigned = ASSIGNMENT.exec(statement);
      if (!assigned) continue;
      if (++onLine > MAX_ON_LINE || ++read > MAX_ASSIGNMENTS) break;
      const [, name, value] = assigned as unknown as [string, string, string];
      if (bound.size >= MAX_NAMES && !bound.has(name)) continue;
      const from: { origin?: string } = {};
      const kinds = kindsOf(value, bound, from);
      if (kinds.size === 0) bound.delete(name);
      else bound.set(name, { kinds, line: unit.start + index, text: line, origin: from.origin ?? line });
    }
  }
  cache.set(unit, bound);
  return bound;
}

/** A sink's pattern for some names: `$name`, `${name}` or `name` where `{name}` is written. */
function sinkFor(template: string, names: readonly string[]): RegExp {
  const any = [...names].sort((a, b) => b.length - a.length).join("|");
  return new RegExp(template.replaceAll("{name}", String.raw`(\$\{?)?(?:${any})\b\}?`), "i");
}

/** A sink with a name for its guard: the words of its anchors are on any line it matches. */
function guard(template: string): RegExp {
  return new RegExp(template.replaceAll("{name}", String.raw`(\$\{?)?[A-Za-z_]\w*\}?`), "i");
}

/** Running a value as code or a command. */
export const RUNS = [
  String.raw`\b(exec|eval|compile|execfile)\s*\(\s*{name}`,
  String.raw`\bnew\s+Function\s*\([^\n)]{0,200}{name}`,
  String.raw`\bFunction\s*\(\s*{name}`,
  String.raw`\b(execSync|exec|spawnSync|spawn|execFileSync)\s*\(\s*{name}`,
  String.raw`\bvm\.\w+\s*\(\s*{name}`,
  String.raw`\bos\.(system|popen)\s*\(\s*{name}`,
  String.raw`\bsubprocess\.\w+\s*\(\s*{name}`,
  String.raw`(^|[;&|]\s*|\bthen\s+)eval\s+["']?{name}`,
  String.raw`\b(ba|z|da|k)?sh\s+-c\s+["']?{name}`,
  String.raw`["']?{name}["']?\s*\|\s*(sudo\s+)?(ba|z|da|k)?sh\b`,
  String.raw`\b(ba|z|da|k)?sh\s+<<<\s*["']?{name}`,
  String.raw`\b(iex|Invoke-Expression)\b[^\n]{0,80}{name}`,
  String.raw`{name}\s*\|\s*(iex|Invoke-Expression)\b`,
].join("|");

/** Reading a file's content. */
export const READS = [
  String.raw`{name}\s*\.\s*(read_text|read_bytes|open)\s*\(`,
  String.raw`\bopen\s*\(\s*{name}\b(?!\s*,\s*["'][wa])`,
  String.raw`\b(readFile\w*|createReadStream|fs\.read\w*)\s*\(\s*{name}`,
  String.raw`\b(cat|base64|tar|zip|cp|scp|rsync|curl|Get-Content|gc|type)\b[^\n]{0,120}{name}`,
  String.raw`\bshutil\.copy\w*\s*\(\s*{name}`,
].join("|");

/** Deleting a folder and all it holds. */
export const DELETES = [
  String.raw`\bshutil\.rmtree\s*\(\s*{name}`,
  String.raw`\b(fs\.)?(rmSync|rm|rmdir|rmdirSync)\s*\(\s*{name}[^\n)]{0,80}recursive`,
  String.raw`\brm\s+(-\w+\s+)*-\w*[rR]\w*\s+(-\w+\s+)*(--\s+)?["']?{name}["']?(\/\*?)?["']?(\s|$|;|&)`,
  String.raw`\bRemove-Item\b[^\n]{0,120}{name}[^\n]{0,120}-Recurse|\bRemove-Item\b[^\n]{0,120}-Recurse[^\n]{0,120}{name}`,
  String.raw`\bfind\s+["']?{name}["']?\s[^\n]{0,120}-delete\b`,
].join("|");

/** Writing or appending to a file. */
export const WRITES = [
  String.raw`\bopen\s*\(\s*{name}\s*,\s*["'][wa]`,
  String.raw`{name}\s*\.\s*(open\s*\(\s*["'][wa]|write_text|write_bytes)`,
  String.raw`\b(appendFile|writeFile|createWriteStream)\w*\s*\(\s*{name}`,
  String.raw`>>?\s*["']?{name}`,
  String.raw`\btee\b[^\n]{0,80}{name}`,
  String.raw`\b(Add-Content|Set-Content|Out-File)\b[^\n]{0,80}{name}`,
  String.raw`\b(cp|mv|ln\s+-s\w*)\s[^\n]{0,120}{name}["']?\s*$`,
].join("|");

/** A kind of sink: its pattern for names, and the anchors of the lines it can match. */
export interface Sink {
  template: string;
  anchors: AnchorGroup;
}

function sink(template: string, anchors: readonly string[]): Sink {
  return { template, anchors: anchorGroup(anchors, guard(template)) };
}

export const RUN_SINK = sink(RUNS, [
  ...["exec", "eval", "compile", "function", "spawn", "vm.", "os.system", "os.popen", "subprocess"],
  ...["sh", "iex", "invoke-expression"],
]);
export const READ_SINK = sink(READS, [
  ...["read_text", "read_bytes", "open", "readfile", "createreadstream", "fs.read", "cat", "base64"],
  ...["tar", "zip", "cp", "scp", "rsync", "curl", "get-content", "gc", "type", "shutil.copy"],
]);
export const DELETE_SINK = sink(DELETES, ["rmtree", "rm", "remove-item", "find"]);
export const WRITE_SINK = sink(WRITES, [
  ...["open", "write_text", "write_bytes", "appendfile", "writefile", "createwritestream", ">", "tee"],
  ...["add-content", "set-content", "out-file", "cp", "mv", "ln"],
]);

/**
 * The first line of `unit` that uses, in `sink`, a name bound to one of `kinds` (on its binding's line or
 * later), with the name's binding.
 */
export function boundUse(
  unit: CodeUnit,
  kinds: readonly Bound[],
  { template, anchors }: Sink,
): { line: number; text: string; binding: Binding } | undefined {
  const bound = bindings(unit);
  const names = [...bound]
    .filter(([, binding]) => kinds.some((kind) => binding.kinds.has(kind)))
    .sort(([a], [b]) => b.length - a.length);
  if (names.length === 0) return undefined;
  const pattern = sinkFor(
    template,
    names.map(([name]) => name),
  );
  let found: { line: number; text: string; binding: Binding } | undefined;
  eachLineHolding(unit, anchors, (text, _index, line) => {
    if (found) return;
    const used = pattern.exec(text);
    if (!used) return;
    // The name the sink uses (the longest bound name in what matched), bound on this line or before.
    const name = names.find(([each]) => new RegExp(`\\b${each}\\b`).test(used[0]));
    if (name && line >= name[1].line) found = { line, text, binding: name[1] };
  });
  return found;
}
