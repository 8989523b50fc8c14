/**
 * @module Values that flow through a variable within one unit (a script, a block): `code =
 * requests.get(u).text` then `exec(code)`, `X=$(echo … | base64 -d); eval "$X"`, `home =
 * os.path.expanduser("~")` then `shutil.rmtree(home)`. Each unit's assignments are read once, in order:
 * a name is bound to what its value is (fetched, decoded, a home folder, a credential or persistence path)
 * or derived from (`src = await res.text()` takes what `res` is). A rule then asks whether a later line
 * uses such a name in its sink (runs it, reads it, deletes it, writes to it).
 */
import type { AnchorGroup } from "../line-anchors.js";
import { type CodeUnit, unitLineHolds } from "../scan-context.js";
import { CREDENTIAL_STORE, pathView } from "./signals.js";

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

/** Each unit's bindings, by the kinds asked (a rule asks for one or two). */
const cache = new WeakMap<CodeUnit, Map<string, Map<string, Binding>>>();

/** Each statement of `line`: split at `;` and `&&` (shell writes several on one line). */
function statements(line: string): string[] {
  return line.includes(";") || line.includes("&&") ? line.split(/;|&&/) : [line];
}

/**
 * What `value` is, given the names bound so far (a derived value takes what its names are; `from` gets
 * the line of the first of them).
 */
function kindsOf(
  value: string,
  bound: Map<string, Binding>,
  wanted: ReadonlySet<Bound>,
  from?: { origin?: string },
): Set<Bound> {
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
  // Only what is asked is looked for (a path under home needs the home folders too).
  if (wanted.has("fetched") && FETCHED.test(value)) kinds.add("fetched");
  if (wanted.has("decoded") && DECODED.test(value)) kinds.add("decoded");
  if (wanted.has("url") && URL_LITERAL.test(value)) kinds.add("url");
  if (!PATHS.some((kind) => wanted.has(kind))) return kinds;
  view = pathView(view);
  if (HOME_ONLY.test(view)) kinds.add("home");
  if (wanted.has("credential") && CREDENTIAL_STORE.test(view)) kinds.add("credential");
  if (wanted.has("profile") && PROFILE_PATH.test(view)) kinds.add("profile");
  if (wanted.has("keys") && KEYS_PATH.test(view)) kinds.add("keys");
  if (wanted.has("hook") && HOOK_PATH.test(view)) kinds.add("hook");
  return kinds;
}

/** The kinds that are paths (a home folder's, and under it). */
const PATHS: readonly Bound[] = ["home", "credential", "profile", "keys", "hook"];

/** The names `unit` binds, read once for all the rules that ask. */
export function bindings(unit: CodeUnit, wanted: readonly Bound[]): Map<string, Binding> {
  const key = wanted.join(" ");
  let byKinds = cache.get(unit);
  if (!byKinds) {
    byKinds = new Map();
    cache.set(unit, byKinds);
  }
  let bound = byKinds.get(key);
  if (bound) return bound;
  bound = new Map();
  // A fetch's URL is often kept in a name first (`URL = "…"`): its line is where the code comes from.
  const kinds = new Set<Bound>(wanted.includes("fetched") ? [...wanted, "url"] : wanted);
  let read = 0;
  for (let index = 0; index < unit.count && read < MAX_ASSIGNMENTS; index++) {
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
      const found = kindsOf(value, bound, kinds, from);
      if (found.size === 0) bound.delete(name);
      else
        bound.set(name, { kinds: found, line: unit.start + index, text: line, origin: from.origin ?? line });
    }
  }
  byKinds.set(key, bound);
  return bound;
}

/** A sink's pattern for some names: `$name`, `${name}` or `name` where `{name}` is written. */
function sinkFor(template: string, names: readonly string[]): RegExp {
  const any = [...names].sort((a, b) => b.length - a.length).join("|");
  return new RegExp(template.replaceAll("{name}", String.raw`(\$\{?)?(?:${any})\b\}?`), "i");
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
  String.raw`\b(cat|base64|tar|zip|cp|scp|rsync|curl|Get-Content|gc|type)\s[^\n]{0,120}{name}`,
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

/** Whether a unit (its text `text`) can name a home folder: plain searches, cheap on a large script. */
function namesHome(text: string): boolean {
  return (
    text.includes("~") ||
    text.includes("home") ||
    text.includes("HOME") ||
    text.includes("USERPROFILE") ||
    text.includes("GetFolderPath")
  );
}

/**
 * Whether a line of `unit` holding an anchor of one of `groups` (the words of the values a flow follows)
 * assigns something: the unit can bind such a name. Only those lines' marks are read, and they are cut out.
 */
function assignsFrom(unit: CodeUnit, groups: readonly AnchorGroup[]): boolean {
  for (let index = 0; index < unit.count; index++)
    if (groups.some((group) => unitLineHolds(unit, index, group)) && unit.line(index).includes("="))
      return true;
  return false;
}

/**
 * A kind of sink: its pattern for names, and a cheap pattern any use of it matches (its calls and operators
 * without the name): a unit without one is not looked at closer, and its assignments are not read.
 */
export interface Sink {
  template: string;
  any: RegExp;
}

export const RUN_SINK: Sink = {
  template: RUNS,
  any: /\b(exec|eval|compile|execfile|Function|execSync|spawnSync|spawn|execFileSync)\s*\(|\bvm\.\w+\s*\(|\bos\.(system|popen)\s*\(|\bsubprocess\.\w+\s*\(|\beval\s|\bsh\s+(-c|<<<)|\|\s*(sudo\s+)?((ba|z|da|k)?sh|iex|Invoke-Expression)\b|\b(iex|Invoke-Expression)\b/gi,
};
export const READ_SINK: Sink = {
  template: READS,
  any: /\.\s*(read_text|read_bytes|open)\s*\(|\bopen\s*\(|\b(readFile\w*|createReadStream|fs\.read\w*)\s*\(|\b(cat|base64|tar|zip|cp|scp|rsync|curl|Get-Content|gc|type)\s|\bshutil\.copy\w*\s*\(/gi,
};
export const DELETE_SINK: Sink = {
  template: DELETES,
  any: /\bshutil\.rmtree\s*\(|\b(rmSync|rm|rmdir|rmdirSync)\s*\(|\brm\s|\bRemove-Item\b|\bfind\s/gi,
};
export const WRITE_SINK: Sink = {
  template: WRITES,
  any: /\bopen\s*\(|\.\s*(write_text|write_bytes)\b|\b(appendFile|writeFile|createWriteStream)\w*\s*\(|>|\btee\b|\b(Add-Content|Set-Content|Out-File)\b|\b(cp|mv|ln)\s/gi,
};

/**
 * The first line of `unit` that uses, in `sink`, a name bound to one of `kinds` (on its binding's line or
 * later), with the name's binding. `sources`: the anchors of the lines that can bind such a name (a line
 * that fetches, decodes or names the path).
 */
export function boundUse(
  unit: CodeUnit,
  kinds: readonly Bound[],
  { template, any }: Sink,
  sources: readonly AnchorGroup[],
): { line: number; text: string; binding: Binding } | undefined {
  // A block of code only (a paragraph or a line's inline code assigns nothing to run later), and only one
  // where the sink is used at all and a value of the kind can be had (searches of its text): its
  // assignments are read only then.
  if (unit.prose || unit.inline) return undefined;
  // A home folder is named in many ways (`Path.home()`, `$HOME`, `~`): plain searches; the other kinds by
  // the words of the lines that assign them.
  const text = unit.text();
  if (kinds.includes("home") ? !namesHome(text) : !assignsFrom(unit, sources)) return undefined;
  any.lastIndex = 0;
  if (!any.test(text)) return undefined;
  const bound = bindings(unit, kinds);
  const names = [...bound]
    .filter(([, binding]) => kinds.some((kind) => binding.kinds.has(kind)))
    .sort(([a], [b]) => b.length - a.length);
  if (names.length === 0) return undefined;
  const pattern = sinkFor(
    template,
    names.map(([name]) => name),
  );
  for (let index = 0; index < unit.count; index++) {
    const code = unit.line(index);
    const used = pattern.exec(code);
    if (!used) continue;
    // The name the sink uses (the longest bound name in what matched), bound on this line or before.
    const line = unit.start + index;
    const name = names.find(([each]) => new RegExp(`\\b${each}\\b`).test(used[0]));
    if (name && line >= name[1].line) return { line, text: code, binding: name[1] };
  }
  return undefined;
}
