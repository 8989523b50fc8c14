/**
 * @module Obfuscation (SPEC §17): encoded data decoded and run, long encoded blobs that decode to commands,
 * commands assembled from character codes or fragments so no reader sees them, packed scripts. Encoded
 * data that decodes to binary (an image, a test fixture) is data, not a finding.
 */
import { type AuditRule, evidence, hitAt, type RuleHit } from "../audit-rule.js";
import { anchorGroup } from "../line-anchors.js";
import { followedBy, linePattern, REACH } from "../line-pattern.js";
import { type CodeUnit, eachLineHolding, unitsHolding } from "../scan-context.js";
import { boundUse, RUN_SINK } from "./flows.js";

const DECODE_AND_RUN = linePattern([
  followedBy(
    String.raw`(\b(base64\s+(-d|--decode|-D)|xxd\s+-r|openssl\s+(base64|enc)\s[^\n|]{0,${REACH}}?-d)\b|\|\s*rev\b(?!-))`,
    String.raw`\|\s*(sudo\s+)?((ba|z|da)?sh|python[0-9.]*|node|perl|ruby)\b`,
  ),
  // Decoded text run through a process substitution: `bash <(echo … | base64 -d)`.
  followedBy(
    String.raw`(\b(ba|z|da)?sh|\bsource|(^|[;&|]\s*)\.)\s+<\(`,
    String.raw`(\bbase64\s+(-d|--decode|-D)|\bxxd\s+-r|\|\s*rev)\b`,
    ")",
  ),
  // Decoded text handed to the shell from a program: `os.system(base64.b64decode(…).decode())`.
  followedBy(
    String.raw`\b(os\.(system|popen)|subprocess\.\w+|execSync|spawnSync|child_process\.\w+)\s*\(\s*`,
    String.raw`\b(b64decode|b32decode|a85decode|decodebytes|bytes\.fromhex|unhexlify|codecs\.decode|atob|Buffer\.from|zlib\.decompress)\b`,
  ),
  followedBy(String.raw`\b(ba|z)?sh\s+-c\s+["']?\$\(`, String.raw`\b(base64\s+(-d|--decode)|xxd\s+-r)`, ")"),
  followedBy(String.raw`\beval\s+["']?\$\(`, String.raw`\b(base64\s+(-d|--decode)|xxd\s+-r|rev\b)`, ")"),
  followedBy(
    String.raw`\b(exec|eval|compile)\s*\(\s*`,
    String.raw`\b(b64decode|b32decode|a85decode|decodebytes|bytes\.fromhex|unhexlify|codecs\.decode|zlib\.decompress|gzip\.decompress|lzma\.decompress|marshal\.loads|bz2\.decompress)\b`,
  ),
  followedBy(
    String.raw`\b(eval|Function|execSync|exec)\s*\(\s*`,
    String.raw`\b(atob|Buffer\.from\s*\([^\n)]{0,${REACH}}["'](base64|hex)["'])`,
  ),
  followedBy(String.raw`\bnew\s+Function\s*\(\s*`, String.raw`\b(atob|Buffer\.from)\b`),
  followedBy(
    String.raw`\b(powershell|pwsh)(\.exe)?\b`,
    String.raw`\s-(e|en|enc|encodedcommand)\s+[A-Za-z0-9+/=]{16,}`,
  ),
  followedBy(String.raw`\[System\.Convert\]::FromBase64String`, String.raw`\|\s*(iex|Invoke-Expression)`),
  followedBy(String.raw`\b(iex|Invoke-Expression)\b`, "FromBase64String"),
  String.raw`\bmarshal\.loads\s*\(`,
]);

const DECODE_ANCHORS = anchorGroup(
  [
    "base64",
    "xxd",
    "openssl",
    "eval",
    "b64decode",
    "b32decode",
    "a85decode",
    "decodebytes",
    "fromhex",
    "unhexlify",
    "codecs.decode",
    "decompress",
    "marshal.loads",
    "atob",
    "buffer.from",
    "powershell",
    "pwsh",
    "frombase64string",
    // `| rev` (one white space character between, as an anchor's space stands for).
    "|rev",
    "| rev",
  ],
  DECODE_AND_RUN,
);

export const encodedExecution: AuditRule = {
  id: "encoded-execution",
  category: "obfuscation",
  severity: "critical",
  summary: "Decodes data (base64, hex, compressed) and runs it",
  why: "Code that is decoded before it runs was encoded so that nobody reviewing the skill would read it.",
  check: "Decode the data yourself (without running it) and read what it does.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, DECODE_ANCHORS)) {
      eachLineHolding(unit, DECODE_ANCHORS, (text, _index, line) => {
        if (DECODE_AND_RUN.test(text)) hits.push(hitAt(unit, line, text, DECODE_AND_RUN));
      });
      // Decoded into a name, then run: `X=$(echo … | base64 -d); eval "$X"`, `c = atob(…)` … `execSync(c)`.
      const run = boundUse(unit, ["decoded"], RUN_SINK, [DECODE_ANCHORS]);
      if (run)
        hits.push(
          hitAt(unit, run.line, run.text, undefined, {
            why: `Runs what line ${run.binding.line} decoded (${evidence(run.binding.text, 0, 60)}): code decoded before it runs was encoded so nobody reviewing the skill would read it.`,
          }),
        );
    }
    return hits;
  },
};

/** Commands and calls that make decoded or assembled text dangerous. */
const DANGEROUS_TEXT =
  /\b(curl|wget|bash|\/bin\/sh|sh\s+-c|nc\s+-|ncat|netcat|\/dev\/tcp|rm\s+-rf|chmod\s+\+x|eval|exec|os\.system|subprocess|child_process|powershell|Invoke-Expression|iex|socket|authorized_keys|crontab|\.ssh|\.aws|base64\s+-d|python\s+-c|mkfifo)\b/i;

const BASE64_BLOB = /[A-Za-z0-9+/]{120,}={0,2}/g;
// What both blobs need: 80 characters in a row of those a blob is made of (a hex blob's `\x` escapes too).
const LONG_RUN = /[A-Za-z0-9+/\\]{80}/;
const HEX_BLOB = /\b(?:[0-9a-fA-F]{2}){80,}\b|(?:\\x[0-9a-fA-F]{2}){40,}/g;

/** The text a blob decodes to, when it is mostly printable text (binary data is not a command). */
export function decodeBlob(blob: string): string | undefined {
  let bytes: Buffer;
  if (blob.startsWith("\\x")) bytes = Buffer.from(blob.replace(/\\x/g, ""), "hex");
  else if (/^[0-9a-fA-F]+$/.test(blob)) bytes = Buffer.from(blob, "hex");
  else bytes = Buffer.from(blob, "base64");
  if (bytes.length === 0) return undefined;
  let printable = 0;
  for (const byte of bytes)
    if ((byte >= 0x20 && byte < 0x7f) || byte === 0x0a || byte === 0x09 || byte === 0x0d) printable++;
  return printable / bytes.length > 0.9 ? bytes.toString("latin1") : undefined;
}

export const encodedPayload: AuditRule = {
  id: "encoded-payload",
  category: "obfuscation",
  severity: "high",
  summary: "A long base64 or hex blob that decodes to commands",
  why: "A command stored encoded is hidden from review; it is there to be decoded and run.",
  check: "Decode the blob (without running it) and read it.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of context.files)
      for (const unit of file.units) {
        // A paragraph of prose holds no blob a program decodes: its code is read by the other rules.
        if (unit.prose) continue;
        for (let index = 0; index < unit.count; index++) {
          // Both blobs are at least 120 characters long: a shorter line is not cut out at all.
          if (unit.lineLength(index) < 120) continue;
          const hit = blobHit(unit, index);
          if (hit) hits.push(hit);
        }
      }
    return hits;
  },
};

/** The hit of the first blob on line `index` of `unit` that decodes to a command, if any. */
function blobHit(unit: CodeUnit, index: number): RuleHit | undefined {
  const text = unit.line(index);
  // Most long lines are prose or code without a blob: one plain search first, before the copying matchAll.
  if (!LONG_RUN.test(text)) return undefined;
  for (const pattern of [BASE64_BLOB, HEX_BLOB]) {
    for (const match of text.matchAll(pattern)) {
      const decoded = decodeBlob(match[0]);
      const danger = decoded === undefined ? undefined : DANGEROUS_TEXT.exec(decoded);
      if (!danger) continue;
      return {
        // No pattern to place the evidence (it is the decoded text): a global one would keep its lastIndex
        // from one skill to the next, and the same skill would not always give the same finding.
        ...hitAt(unit, unit.start + index, text),
        evidence: evidence(
          `decodes to: ${decoded!.slice(Math.max(0, danger.index - 20), danger.index + 80)}`,
        ),
      };
    }
  }
  return undefined;
}

/** The text of character codes, a few thousand at a time (spread into one call, 100,000 overflow the stack). */
function fromCodes(codes: readonly number[]): string {
  let text = "";
  for (let at = 0; at < codes.length; at += 4096) text += String.fromCharCode(...codes.slice(at, at + 4096));
  return text;
}

/** The text character codes and escapes on a line spell out. */
export function assembledText(line: string): string[] {
  const found: string[] = [];
  // Each search only on a line holding its word (most hold none): no pattern copied for nothing.
  if (/fromCharCode/i.test(line))
    for (const match of line.matchAll(/fromCharCode\s*\(([\d\s,x]+)\)/gi))
      found.push(fromCodes(match[1]!.split(",").map((code) => Number(code.trim()))));
  if (line.includes("chr")) {
    const chrs = [...line.matchAll(/\bchr\s*\(\s*(\d+)\s*\)/g)].map((match) => Number(match[1]));
    if (chrs.length >= 3) found.push(fromCodes(chrs));
    for (const match of line.matchAll(/\bchr\s*\(\s*\w+\s*\)\s*for\s+\w+\s+in\s*[[(]([\d\s,]+)[\])]/g))
      found.push(fromCodes(match[1]!.split(",").map((code) => Number(code.trim()))));
  }
  const escapes = line.includes("\\") ? line.match(/(?:\\x[0-9a-fA-F]{2}|\\[0-7]{3}){4,}/g) : null;
  for (const run of escapes ?? [])
    found.push(
      run.replace(/\\x([0-9a-fA-F]{2})|\\([0-7]{3})/g, (_, hex: string, octal: string) =>
        String.fromCharCode(hex ? Number.parseInt(hex, 16) : Number.parseInt(octal, 8)),
      ),
    );
  // Quoted fragments joined by `+` or written side by side: "cu" + "rl", 'ba''sh'.
  const joined = line.replace(/(["'])\s*(\+|\.)?\s*\1/g, "");
  if (joined !== line) found.push(joined);
  return found;
}

// Variables pasted together (see `shellFragments`).
const FRAGMENT_ANCHORS = anchorGroup(["$"], /(?:\$\{?[A-Za-z_]\w{0,3}\}?){2,}/);

/**
 * Short shell variables assigned then pasted together: `a=cu; b=rl; $a$b`. Each pattern runs once over the
 * whole script: neither matches a line break, and `$` (multiline) or `\s` ends a value at a line's end as
 * it would on the line alone.
 */
function shellFragments(text: string): string[] {
  const values = new Map<string, string>();
  for (const match of text.matchAll(/\b([A-Za-z_]\w{0,3})=["']?([^\s"';]{1,6})["']?(?=\s|;|$)/gm))
    values.set(match[1]!, match[2]!);
  const found: string[] = [];
  if (values.size < 2) return found;
  for (const match of text.matchAll(/(?:\$\{?[A-Za-z_]\w{0,3}\}?){2,}/g)) {
    const names = [...match[0].matchAll(/\$\{?([A-Za-z_]\w{0,3})\}?/g)].map((name) => name[1]!);
    if (names.every((name) => values.has(name))) found.push(names.map((name) => values.get(name)).join(""));
  }
  return found;
}

/** What a line needs for {@link assembledText} to find anything: a cheap test before the full one. */
const LINE_ASSEMBLY_HINT = /fromCharCode|\bchr\s*\(|\\x[0-9a-fA-F]{2}|\\[0-7]{3}|(["'])\s*(\+|\.)?\s*\1/i;
// Char codes, escapes, and two quotes with only white space, `+` or `.` between them (fragments to join):
// a line with none of them assembles nothing.
const ASSEMBLY_ANCHORS = anchorGroup(
  [
    "fromcharcode",
    "chr",
    "\\x",
    ...["0", "1", "2", "3", "4", "5", "6", "7"].map((digit) => `\\${digit}`),
    ...['"', "'"].flatMap((quote) => [quote + quote, `${quote} `, `${quote}+`, `${quote}.`]),
  ],
  LINE_ASSEMBLY_HINT,
  (line: string) => assembledText(line).length > 0,
);

export const assembledCommand: AuditRule = {
  id: "assembled-command",
  category: "obfuscation",
  severity: "high",
  summary: "A command assembled from character codes, escapes or fragments",
  why: "Spelling a command out of pieces hides it from anyone reading or searching the skill.",
  check: "Put the pieces together (without running them) and read the command.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, ASSEMBLY_ANCHORS, FRAGMENT_ANCHORS)) {
      // A paragraph of prose is not assembled code.
      if (unit.prose) continue;
      eachLineHolding(unit, ASSEMBLY_ANCHORS, (text, index) => {
        if (!LINE_ASSEMBLY_HINT.test(text)) return;
        for (const assembled of assembledText(text)) {
          const danger = DANGEROUS_TEXT.exec(assembled);
          // Fragments joined must hide the word: present in the joined text, not in the original line.
          if (!danger || DANGEROUS_TEXT.test(text.replace(/\\x[0-9a-fA-F]{2}/g, ""))) continue;
          // Code shown as an example in Markdown is skipped: asked only of a line that would be a hit (the
          // question reads the prose around the unit; most lines assemble nothing).
          if (unit.file.kind !== "script" && unit.illustrative) return;
          hits.push({
            ...hitAt(unit, unit.start + index, text),
            evidence: evidence(
              `assembles: ${assembled.slice(Math.max(0, danger.index - 20), danger.index + 60)}`,
            ),
          });
          return;
        }
      });
      if (unit.file.kind === "script")
        for (const assembled of shellFragments(unit.text())) {
          const danger = DANGEROUS_TEXT.exec(assembled);
          if (danger) hits.push({ file: unit.file.path, evidence: evidence(`assembles: ${assembled}`) });
        }
    }
    return hits;
  },
};

const PACKER = /eval\s*\(\s*function\s*\(\s*p\s*,\s*a\s*,\s*c\s*,\s*k\s*,\s*e\s*,\s*[rd]\s*\)/;

export const packedScript: AuditRule = {
  id: "packed-script",
  category: "obfuscation",
  severity: "high",
  summary: "A packed or machine-obfuscated script (p,a,c,k,e,r packer, _0x… identifiers)",
  why: "Packed code cannot be reviewed; skills have no reason to ship it.",
  check:
    "Unpack or de-obfuscate it with a formatter (without running it) and read it, or ask for the source.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of context.files) {
      if ((file.kind !== "script" && file.kind !== "text") || !/eval|_0x/.test(file.text)) continue;
      const packer = PACKER.exec(file.text);
      const hexNames = file.text.match(/\b_0x[0-9a-f]{4,6}\b/g)?.length ?? 0;
      if (!packer && hexNames < 10) continue;
      const at = packer?.index ?? file.text.search(/\b_0x[0-9a-f]{4,6}\b/);
      const index = file.lineAt(at);
      hits.push({
        file: file.path,
        line: index + 1,
        evidence: evidence(file.line(index), at - file.starts[index]!),
      });
    }
    return hits;
  },
};
