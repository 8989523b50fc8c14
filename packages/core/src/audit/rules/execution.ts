/**
 * @module Execution (SPEC §17): download-and-execute, `eval`/`exec` of input, shell and SQL built from
 * input, file paths taken from a request. A documented installer of a well-known tool (`curl … rustup |
 * sh`), or Markdown telling a person to install the tool the skill names with that tool's own installer
 * (its host, repository or file named as the skill names it, in an install step), is noted, not flagged;
 * an unknown host is high, plain http or a raw IP critical.
 */

import { type AuditSeverity, severityRank } from "../audit-finding.js";
import { type AuditRule, evidence, hitAt, type RuleHit } from "../audit-rule.js";
import { anchorGroup } from "../line-anchors.js";
import { firstThen, followedBy, later, linePattern, REACH } from "../line-pattern.js";
import {
  type AuditContext,
  type CodeUnit,
  eachLineHolding,
  firstLineHolding,
  unitLineHolds,
  unitsHolding,
  wordsAround,
} from "../scan-context.js";
import { bindings, boundUse, RUN_SINK } from "./flows.js";
import { aimsAtPlaceholder, KNOWN_INSTALLER_HOSTS, publicIpUrl } from "./signals.js";

const PIPE_TO_SHELL = linePattern([
  followedBy(
    String.raw`\b(curl|wget|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|fetch)\b`,
    String.raw`\|\s*(sudo\s+(-\w+\s+)*)?(\w+=[^\s|]+\s+)*(ba|z|da|k|fi)?sh\b(?!\s+-c\b)`,
    "|",
  ),
  followedBy(
    String.raw`\b(curl|wget)\b`,
    String.raw`\|\s*(sudo\s+)?((python[0-9.]*|node|perl|ruby|php)\b(?!\s+-[ce]\b)(?!\s+-m\s+json)|iex\b|Invoke-Expression\b)`,
    "|",
  ),
  String.raw`\b(ba|z)?sh\s+(-c\s+)?["']?(<\(|\$\()\s*(curl|wget)\b`,
  followedBy(
    String.raw`\b(iex|Invoke-Expression)\b`,
    String.raw`(DownloadString|iwr|irm|Invoke-WebRequest|Invoke-RestMethod|Net\.WebClient)`,
  ),
  String.raw`\b(exec|eval)\s*\(\s*(requests\.get|urllib\.request\.urlopen|urlopen|httpx\.get)\s*\(`,
  String.raw`\beval\s*\(\s*await\s*\(?\s*(await\s+)?fetch\s*\(`,
  String.raw`\bsource\s+<\(\s*(curl|wget)\b`,
  // PowerShell's fetch piped into Invoke-Expression (`irm … | iex`, `iwr -useb … | iex`).
  followedBy(
    String.raw`\b(iwr|irm|Invoke-WebRequest|Invoke-RestMethod)\b`,
    String.raw`\|\s*(iex|Invoke-Expression)\b`,
    "|",
  ),
  // A fetch's output evaluated by the shell or an interpreter: `eval "$(curl …)"`, `python3 -c "$(curl …)"`.
  String.raw`(^|[;&|({]\s*|\bthen\s+)eval\s+["']?\$\(\s*(curl|wget)\b`,
  String.raw`\b(python[0-9.]*|node|perl|ruby|php)\s+-[ce]\s+["']?\$\(\s*(curl|wget)\b`,
]);

const DOWNLOAD_TO_FILE = linePattern([
  followedBy(String.raw`\bcurl\b`, String.raw`\s(-o|--output|-O)\b`),
  String.raw`\bwget\b`,
  followedBy(String.raw`\bInvoke-WebRequest\b`, "-OutFile"),
  String.raw`\burlretrieve\s*\(`,
  String.raw`\bDownloadFile\s*\(`,
]);
const MAKE_EXECUTABLE =
  /\bchmod\s+(\+x|[0-7]*[1357][0-7]{0,2}\b|u\+x|a\+x)|\bos\.chmod\s*\(|\bfs\.chmodSync?\s*\(/i;

const PIPE_ANCHORS = anchorGroup(
  ["curl", "wget", "iwr", "irm", "invoke-", "fetch", "iex", "urlopen", "requests.get", "httpx.get"],
  PIPE_TO_SHELL,
);
const DOWNLOAD_ANCHORS = anchorGroup(
  ["curl", "wget", "invoke-webrequest", "urlretrieve", "downloadfile"],
  DOWNLOAD_TO_FILE,
);
const CHMOD_ANCHORS = anchorGroup(["chmod"], MAKE_EXECUTABLE);

/**
 * How bad running code from `text`'s URL is: a well-known installer low; a vendor's installer over https
 * (an `install` script, a `get.`/`cli.` host) medium; any other https script high; plain http or a raw IP
 * critical; no URL written out (`curl … | sh` in prose) medium.
 */
function urlSeverity(text: string): AuditSeverity {
  if (publicIpUrl(text) || /\bhttp:\/\/(?!localhost|127\.)/i.test(text)) return "critical";
  const url = /\bhttps:\/\/([^\s"'`)|;]+)/i.exec(text)?.[1];
  if (!url) return "medium";
  const [host = "", ...path] = url.split("/");
  if (KNOWN_INSTALLER_HOSTS.test(host) || KNOWN_INSTALLER_HOSTS.test(`${host}/${path.join("/")}`))
    return "low";
  if (
    /^(get|install|cli|sh|download|dl|releases?)\./i.test(host) ||
    /(^|\/|-)(install|installer|setup|bootstrap|get)[\w.-]*$/i.test(path.join("/"))
  )
    return "medium";
  const file = path.at(-1) ?? "";
  return /\.(sh|bash|ps1|py|pl|rb)$/i.test(file) || file === "" ? "high" : "medium";
}

export const downloadExecute: AuditRule = {
  id: "download-execute",
  category: "execution",
  severity: "high",
  summary: "Downloads code and runs it (curl | sh, fetch then chmod +x, exec of a fetched response)",
  why: "Code fetched at run time is not the code that was reviewed; whoever controls the URL controls your machine.",
  check:
    "Look up the URL: a well-known installer from its vendor is the documented way to install a tool; anything else, download and read the script first.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, PIPE_ANCHORS, DOWNLOAD_ANCHORS)) {
      eachLineHolding(unit, PIPE_ANCHORS, (text, _index, line) => {
        if (PIPE_TO_SHELL.test(text))
          hits.push(hitAt(unit, line, text, PIPE_TO_SHELL, severityOf(text, unit, context, line)));
      });
      hits.push(...fetchThenRun(unit, context));
      // A response kept in a name, then run: `code = requests.get(u).text` … `exec(code)`.
      const run = boundUse(unit, ["fetched"], RUN_SINK, [PIPE_ANCHORS, DOWNLOAD_ANCHORS]);
      if (run)
        hits.push(
          hitAt(unit, run.line, run.text, undefined, {
            ...severityOf(run.binding.origin, unit, context, run.line),
            why: `Runs what line ${run.binding.line} fetched (${evidence(run.binding.text, 0, 60)}): code fetched at run time is not the code that was reviewed.`,
          }),
        );
    }
    return hits;
  },
};

/** Where a download writes: `-o PATH`, wget's `-O PATH`, `-OutFile PATH`, `urlretrieve(URL, PATH)`. */
const SAVED_TO =
  /(?:\s(?:-o|--output|-O|--output-document=?|-OutFile)\s*|\b(?:urlretrieve|DownloadFile)\s*\([^,\n]{1,200},\s*)["']?([^\s"'),;&|]+)/i;

/** A run of the file at `path`: by an interpreter, as a command, or from a program. */
function runsFile(path: string): RegExp {
  const file = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    [
      String.raw`\b((ba|z|da|k)?sh|python[0-9.]*|node|perl|ruby|pwsh|powershell(\.exe)?|source|Start-Process)\s+(-\w+\s+)*["']?${file}`,
      String.raw`(^|[;&|(]\s*|\bthen\s+|\bdo\s+)["']?(\.\/)?${file}["']?(\s|$|;|&|\))`,
      String.raw`\b(subprocess\.\w+|os\.(system|exec\w*|spawn\w*|startfile)|execFile\w*|spawn\w*)\s*\(\s*\[?\s*["']?${file}\b`,
    ].join("|"),
    "i",
  );
}

/** A file downloaded then run: by an interpreter or as a command (on the line or after), or made executable. */
function fetchThenRun(unit: CodeUnit, context: AuditContext): RuleHit[] {
  const download = firstLineHolding(unit, (text) => DOWNLOAD_TO_FILE.test(text), DOWNLOAD_ANCHORS);
  if (!download) return [];
  const { index, line, text } = download;
  // Where the code comes from: the URL on the line, else the one a name on it was given (`URL = "…"`).
  let from: string | undefined = /https?:\/\//.test(text) ? text : undefined;
  if (!from && !unit.prose)
    for (const [name, binding] of bindings(unit, ["url"]))
      if (binding.kinds.has("url") && new RegExp(`\\b${name}\\b`).test(text)) from = binding.origin;
  if (!from) return [];
  const saved = SAVED_TO.exec(text);
  let path = saved?.[1];
  if (path?.includes("://")) path = path.slice(path.lastIndexOf("/") + 1);
  const runs = path && path !== "-" ? runsFile(path) : undefined;
  let run = false;
  const after = saved ? text.slice(saved.index + saved[0].length) : "";
  run = (runs?.test(after) ?? false) || MAKE_EXECUTABLE.test(after);
  // The lines after that name the file, as written (no comment taken off), found by one search of the
  // file's text: most lines name neither a chmod nor the file, and none of them is cut out.
  const { text: whole, starts } = unit.file;
  let named = path === undefined ? -1 : whole.indexOf(path, starts[unit.first + index + 1]);
  for (let next = index + 1; next < unit.count && !run; next++) {
    const end = starts[unit.first + next + 1]! - 1;
    if (named !== -1 && named < starts[unit.first + next]!)
      named = whole.indexOf(path!, starts[unit.first + next]);
    const chmod = unitLineHolds(unit, next, CHMOD_ANCHORS);
    if (!chmod && !(named !== -1 && named + path!.length <= end)) continue;
    const code = unit.line(next);
    run =
      (chmod && MAKE_EXECUTABLE.test(code)) ||
      (runs !== undefined && path !== undefined && code.includes(path) && runs.test(code));
  }
  if (!run) return [];
  return [hitAt(unit, line, text, DOWNLOAD_TO_FILE, severityOf(from, unit, context, line))];
}

/** A hit's severity by its URL; code from a real host that would be flagged stays so in an example. */
function severityOf(
  text: string,
  unit: CodeUnit,
  context: AuditContext,
  line: number,
): Pick<RuleHit, "severity" | "floor"> {
  const severity = urlSeverity(text);
  if (severityRank(severity) <= severityRank("low")) return { severity };
  const url = /\bhttps:\/\/[^\s"'`)|;]+/i.exec(text)?.[0];
  const documented = url === undefined || publicIpUrl(text) ? undefined : namesTool(url, unit, context, line);
  // Documentation telling a person to install the tool it is about with the tool's own installer.
  if (documented?.install && (unit.file.kind === "skill" || unit.file.kind === "markdown"))
    return { severity: "low" };
  return severityRank(severity) >= severityRank("high") && !documented && !aimsAtPlaceholder(text)
    ? { severity, floor: "medium" }
    : { severity };
}

// Parts of a URL that name no tool: code forges and download hosts' words, generic paths, common words.
const GENERIC_WORDS = new Set(
  (
    "www raw cdn static get cli dl download downloads install installer installs releases release files file api " +
    "docs storage s3 bin scripts script setup tools tool app apps latest main master pub ftp assets public stable " +
    "nightly packages package pkg repo repos mirror the and for with your you this that from into use using run " +
    "runs make new set code data skill skills web http https com org net io dev sh co ai gov edu github " +
    "githubusercontent gitlab codeberg bitbucket sourceforge googleapis cloudfront amazonaws azureedge blob " +
    "example git windows linux macos mac amd64 arm64 x86 v1 v2 v3 it to of in on by or an is be as at"
  ).split(" "),
);

/** `text` lowercased to letters and digits. */
function normalized(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * The words of a URL that can name a tool: its host's names (the top-level domain aside), its first two
 * path parts (a forge's owner and repository), its file.
 */
function urlWords(url: string): string[] {
  const [host = "", ...path] = url.replace(/^https?:\/\//i, "").split(/[/?#]/);
  const words = [...host.split(".").slice(0, -1), ...path.slice(0, 2)];
  const file = path.at(-1)?.replace(/\.[A-Za-z0-9]+$/, "");
  if (file) words.push(file);
  return words.map(normalized).filter((word) => word.length >= 2 && !GENERIC_WORDS.has(word));
}

/** The words a text names things by: each word, and each part of a hyphenated or dotted one. */
function textWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const token of text.match(/[A-Za-z0-9][\w.-]*/g) ?? []) {
    for (const part of [token, ...token.split(/[-_.]/)]) {
      const word = normalized(part);
      if (word.length >= 2 && !GENERIC_WORDS.has(word)) words.add(word);
    }
  }
  return words;
}

const INSTALL_WORDS =
  /\b(install\w*|set ?up|setup|sets up|quick ?start|getting started|prerequisites?|requirements|bootstrap\w*)\b/i;

/**
 * Whether `url` is the installer of a tool the skill names — the URL's host, forge repository or file is
 * a name the skill gives (its name, description, headings, the prose and comments just before the
 * command) — and whether the text around is an install step (`install`, `setup`, `quick start`).
 */
function namesTool(
  url: string,
  unit: CodeUnit,
  context: AuditContext,
  line: number,
): { install: boolean } | undefined {
  const around = `${context.name ?? ""} ${context.description ?? ""} ${wordsAround(unit, line)}`;
  const named = textWords(around.replace(/\bhttps?:\/\/\S+/gi, " "));
  const matches = (word: string) =>
    [...named].some(
      (name) =>
        name === word ||
        (name.length >= 4 && word.includes(name)) ||
        (word.length >= 4 && name.includes(word)),
    );
  if (!urlWords(url).some(matches)) return undefined;
  // And the URL is an installer: the host's root, an install or setup script, or a file named as the tool.
  const path = url.replace(/^https?:\/\/[^/]+\/?/i, "").replace(/[?#].*$/, "");
  const file = path.slice(path.lastIndexOf("/") + 1).replace(/\.[A-Za-z0-9]+$/, "");
  const installer =
    path === "" ||
    /(^|[-_.])(install|installer|setup|bootstrap|get)/i.test(file) ||
    matches(normalized(file));
  return installer ? { install: INSTALL_WORDS.test(`${around} ${url}`) } : undefined;
}

const INPUT = String.raw`(input\s*\(|sys\.argv|argv\[|process\.argv|request\.(args|form|json|data|values|get_json)|req\.(query|body|params)|\$_(GET|POST|REQUEST)|params\[|stdin\.read|"\$[1-9@*]"|\$\{?[1-9@*]\}?|\$\{?(INPUT|ARGS|ARGUMENTS|QUERY|USER_INPUT)\b)`;
const EVAL_INPUT = linePattern([
  followedBy(String.raw`\b(eval|exec|Function|execfile|compile)\s*\(\s*`, INPUT, ")"),
  String.raw`^\s*eval\s+["']?${later(INPUT)}`,
]);
const REMOTE_INPUT = /request\.|req\.|\$_(GET|POST|REQUEST)|params\[/;
const EVAL_ANCHORS = anchorGroup(["eval", "exec", "function", "compile"], EVAL_INPUT);

export const evalInput: AuditRule = {
  id: "eval-input",
  category: "execution",
  severity: "medium",
  summary: "eval/exec of input (arguments, stdin, a request)",
  why: "Evaluating input runs whatever the input says: anyone who can shape it runs code.",
  check: "Trace the input; parse it as data instead of evaluating it.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, EVAL_ANCHORS)) {
      if (unit.file.kind !== "script") continue;
      eachLineHolding(unit, EVAL_ANCHORS, (text, _index, line) => {
        if (EVAL_INPUT.test(text))
          hits.push(hitAt(unit, line, text, EVAL_INPUT, REMOTE_INPUT.test(text) ? { severity: "high" } : {}));
      });
    }
    return hits;
  },
};

const SHELL_FROM_INPUT = linePattern([
  String.raw`\bos\.(system|popen)\s*\(\s*f["']`,
  followedBy(String.raw`\bos\.(system|popen)\s*\(\s*`, String.raw`(\+|%|\.format\()`, ")"),
  firstThen(
    String.raw`\bsubprocess\.\w+\s*\(\s*(f["']|[^\n,]{0,${REACH}}?(\+|%\s|\.format\())`,
    later(String.raw`shell\s*=\s*True`),
  ),
  String.raw`\b(exec|execSync)\s*\(\s*\x60[^\x60\n]{0,${REACH}}\$\{`,
  followedBy(String.raw`\b(exec|execSync)\s*\(\s*`, String.raw`\+\s*\w`, ")"),
]);

const SHELL_ANCHORS = anchorGroup(["os.system", "os.popen", "subprocess", "exec"], SHELL_FROM_INPUT);

export const shellInjection: AuditRule = {
  id: "shell-injection",
  category: "execution",
  severity: "low",
  summary: "A shell command built from strings (command injection when they hold input)",
  why: "Text placed in a shell command line can end the command and start another.",
  check:
    "Pass arguments as a list (subprocess with shell=False, execFile) instead of building a command line.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, SHELL_ANCHORS)) {
      if (unit.file.kind !== "script") continue;
      // Asked once a unit, when a line of it matched (not once a line: a script of such lines).
      let remote: boolean | undefined;
      eachLineHolding(unit, SHELL_ANCHORS, (text, _index, line) => {
        if (!SHELL_FROM_INPUT.test(text)) return;
        remote ??= REMOTE_INPUT.test(unit.text());
        hits.push(hitAt(unit, line, text, SHELL_FROM_INPUT, remote ? { severity: "medium" } : {}));
      });
    }
    return hits;
  },
};

const SQL_CALL = String.raw`\b(execute|executemany|query|raw|exec)\s*\(\s*`;
const SQL_WORD = "(SELECT|INSERT|UPDATE|DELETE|DROP)";
const SQL_FROM_INPUT = linePattern([
  followedBy(String.raw`${SQL_CALL}f["']${SQL_WORD}\b`, String.raw`\{`),
  followedBy(String.raw`${SQL_CALL}["']${SQL_WORD}\b`, String.raw`["']\s*(\+|%\s*[\w(])`),
  String.raw`${SQL_CALL}\x60${SQL_WORD}\b[^\x60\n]{0,${REACH}}\$\{`,
]);

// A statement's keyword and the call that runs it: both on the line.
const SQL_ANCHORS = anchorGroup(["select", "insert", "update", "delete", "drop"], SQL_FROM_INPUT);
const SQL_CALL_ANCHORS = anchorGroup(["exec", "query", "raw"], SQL_FROM_INPUT);

export const sqlInjection: AuditRule = {
  id: "sql-injection",
  category: "execution",
  severity: "low",
  summary: "An SQL statement built from strings",
  why: "Values placed into SQL text can change the statement (SQL injection).",
  check: "Use placeholders (`?`, `%s` with parameters) instead of formatting values into the statement.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, SQL_ANCHORS)) {
      if (unit.file.kind !== "script") continue;
      eachLineHolding(unit, SQL_ANCHORS, (text, index, line) => {
        if (unitLineHolds(unit, index, SQL_CALL_ANCHORS) && SQL_FROM_INPUT.test(text))
          hits.push(hitAt(unit, line, text, SQL_FROM_INPUT));
      });
    }
    return hits;
  },
};

const PATH_FROM_REQUEST = linePattern([
  followedBy(
    String.raw`\b(open|send_file|send_from_directory|readFile\w*|createReadStream|sendFile|file_get_contents|unlink|rmtree|os\.remove)\s*\(`,
    String.raw`\b(request\.(args|form|values|json|get_json)|req\.(query|body|params)|\$_(GET|POST|REQUEST))`,
    ")",
  ),
]);

const PATH_ANCHORS = anchorGroup(["request.", "req.", "$_get", "$_post", "$_request"], PATH_FROM_REQUEST);

export const pathTraversal: AuditRule = {
  id: "path-traversal",
  category: "execution",
  severity: "medium",
  summary: "A file path taken from a request",
  why: "A path from a request can hold `../` and reach any file the process can read or delete.",
  check: "Resolve the path and check it stays inside the folder meant to be served.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, PATH_ANCHORS)) {
      if (unit.file.kind !== "script") continue;
      eachLineHolding(unit, PATH_ANCHORS, (text, _index, line) => {
        if (PATH_FROM_REQUEST.test(text)) hits.push(hitAt(unit, line, text, PATH_FROM_REQUEST));
      });
    }
    return hits;
  },
};
