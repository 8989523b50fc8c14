/**
 * @module The compact on-disk form of a metadata-cache record. A warm load spends its time reading and
 * parsing the cache file, so the form is small and quick to parse: positional tuples instead of keyed
 * objects, few values per record (each array and string is an allocation), nothing stored twice (the
 * typed frontmatter mostly copies the raw mapping, the result's diagnostics are the skill's, every
 * diagnostic names the file twice, codes repeat across records), and nothing recomputed on the way back.
 * Decoding restores records equal to the originals.
 */

import { dirname } from "node:path";
import type { SkillsetCode } from "../model/codes.js";
import { type Diagnostic, diagnosticOf, messageTextOf, type Severity } from "../model/diagnostic.js";
import { normalizeDescription } from "../model/normalize-description.js";
import type { Frontmatter, OpenAiMetadata } from "../model/skill.js";
import type { ParsedSkill, ParseResult } from "../parser/index.js";
import type { CacheRecord, FileStamp } from "./metadata-cache.js";

/** Stands for the record's path inside diagnostic messages. */
const PATH_MARK = "\u0001";

/** An absent optional value (or an empty list). */
type None = 0;

/**
 * Typed frontmatter fields that keep their raw key; one bit per field marks those that are the raw value
 * itself. The order is part of the format (bump the cache version to change it).
 */
const SHARED_KEYS = [
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "arguments",
  "context",
  "agent",
  "model",
  "hooks",
  "globs",
  "alwaysApply",
  "version",
] as const;

/**
 * Short strings that repeat across records (severities, codes, fields), stored once per file and named
 * by index. Without a table, records keep them inline.
 */
export class StringTable {
  readonly strings: string[];
  private readonly indexes = new Map<string, number>();

  constructor(strings: string[] = []) {
    this.strings = strings;
    strings.forEach((value, index) => {
      this.indexes.set(value, index);
    });
  }

  /** The index of `value`, added when new. */
  ref(value: string): number {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.strings.push(value) - 1;
      this.indexes.set(value, index);
    }
    return index;
  }

  /** The string a reference stands for. Throws on an index the table does not have. */
  at(ref: StringRef): string {
    if (typeof ref === "string") return ref;
    const value = this.strings[ref];
    if (value === undefined) throw new RangeError(`No string ${ref} in the cache's string table.`);
    return value;
  }
}

/** A string, or its index in the file's {@link StringTable}. */
type StringRef = number | string;

interface Strings {
  ref(value: string): StringRef;
  at(ref: StringRef): string;
}

/** Without a table: every reference is the string itself. */
const inline: Strings = {
  ref: (value) => value,
  at: (ref) => {
    if (typeof ref !== "string") throw new RangeError("A string index needs the cache's string table.");
    return ref;
  },
};

/**
 * `[severity, code, message, line, column, field, path]`: severity, code and field are string references;
 * the message is its text, naming the record's path as {@link PATH_MARK}, or for a message kept as a
 * template (`diagnosticOf`) `[template, ...args]`, the template a string reference, decoded as a template
 * again (its text built only when read); `path` is absent when it is the record's; trailing absent values
 * are left out.
 */
type StoredDiagnostic = [
  StringRef,
  StringRef,
  string | [StringRef, ...string[]],
  (number | None)?,
  (number | None)?,
  (StringRef | None)?,
  string?,
];

/**
 * `[raw, typed, same, extra, extraKeys]`: `same` has a bit per {@link SHARED_KEYS} field that is the raw
 * value of its key, `typed` holds the other typed fields; `extra` is absent when it is exactly the raw
 * values of `extraKeys`.
 */
type StoredFrontmatter = [
  Record<string, unknown>,
  Record<string, unknown> | None,
  number,
  Record<string, unknown> | None,
  string[] | None,
];

/**
 * `[name, description, model, user, bodyLine, openai, ...frontmatter, diagnostics]`: `description` is
 * absent (0) when equal to the frontmatter's, 1 when it is the frontmatter's normalized (a folded
 * description ends in a line break: stored once, not twice); `model`/`user` are the invocation as 1/0.
 */
type StoredSkill = [
  string,
  string | None | 1,
  1 | 0,
  1 | 0,
  number,
  OpenAiMetadata | None,
  ...StoredFrontmatter,
  StoredDiagnostic[] | None,
];

/**
 * A file's stamp: `[mtimeMs, size, ctimeMs, ino]`, with `ctimeMs` 0 when it equals `mtimeMs` (a file
 * written and not touched since, the usual case: one digit instead of some twenty). A real ctime is never
 * 0; a file system that reports one beside another mtime only loses that file's record (never fresh).
 */
type StoredStamp = [number, number, number, number];

/**
 * A record as written to the cache file: `[path, ...stamp, openai, skill, diagnostics]`, where `stamp` is
 * the SKILL.md's {@link StoredStamp} spread, `openai` is the stamp of `agents/openai.yaml` and
 * `diagnostics` is absent when the result's are the skill's.
 */
export type StoredRecord = [
  string,
  ...StoredStamp,
  StoredStamp | None,
  StoredSkill | None,
  StoredDiagnostic[] | None,
];

function encodeStamp({ mtimeMs, size, ctimeMs, ino }: FileStamp): StoredStamp {
  return [mtimeMs, size, ctimeMs === mtimeMs ? 0 : ctimeMs, ino];
}

function decodeCtime(mtimeMs: number, ctimeMs: number): number {
  return ctimeMs === 0 ? mtimeMs : ctimeMs;
}

function encodeDiagnostics(list: readonly Diagnostic[], path: string, strings: Strings): StoredDiagnostic[] {
  return list.map((found) => {
    const text = messageTextOf(found);
    let message: StoredDiagnostic[2];
    if (text !== undefined) message = [strings.ref(text.template), ...text.args];
    else {
      const written = found.message;
      message = written.includes(path) ? written.replaceAll(path, PATH_MARK) : written;
    }
    const stored: StoredDiagnostic = [
      strings.ref(found.severity),
      strings.ref(found.code),
      message,
      found.line ?? 0,
      found.column ?? 0,
      found.field === undefined ? 0 : strings.ref(found.field),
    ];
    if (found.path !== path) stored.push(found.path);
    else while (stored.length > 3 && stored[stored.length - 1] === 0) stored.pop();
    return stored;
  });
}

function decodeDiagnostics(list: StoredDiagnostic[] | None, path: string, strings: Strings): Diagnostic[] {
  if (list === 0) return [];
  return list.map(([severity, code, message, line, column, field, where]) => {
    const at: { line?: number; column?: number; field?: string } = {};
    if (line) at.line = line;
    if (column) at.column = column;
    if (field) at.field = strings.at(field);
    // Written by this codec from a diagnostic (and the cache version changes with the codes).
    const known = strings.at(severity) as Severity;
    const coded = strings.at(code) as SkillsetCode;
    if (typeof message !== "string") {
      const [template, ...args] = message;
      if (!args.every((arg) => typeof arg === "string"))
        throw new TypeError("A message argument is not text.");
      return diagnosticOf(known, coded, strings.at(template), args, where ?? path, at);
    }
    const found: Diagnostic = {
      severity: known,
      code: coded,
      message: message.includes(PATH_MARK) ? message.replaceAll(PATH_MARK, path) : message,
      path: where ?? path,
    };
    if (at.line !== undefined) found.line = at.line;
    if (at.column !== undefined) found.column = at.column;
    if (at.field !== undefined) found.field = at.field;
    return found;
  });
}

function encodeFrontmatter(frontmatter: Frontmatter): StoredFrontmatter {
  const { raw, extra, ...typed } = frontmatter;
  const different: Record<string, unknown> = {};
  let differs = false;
  let same = 0;
  // Identity, not deep equality: cheap, and what the parser shares is shared again after decoding.
  for (const key in typed) {
    const value = (typed as Record<string, unknown>)[key];
    const bit = (SHARED_KEYS as readonly string[]).indexOf(key);
    if (bit !== -1 && value === raw[key] && key in raw) same |= 1 << bit;
    else {
      different[key] = value;
      differs = true;
    }
  }
  const extraKeys = Object.keys(extra);
  const copied = extraKeys.every((key) => extra[key] === raw[key] && key in raw);
  const keys = copied && extraKeys.length > 0 ? extraKeys : 0;
  return [raw, differs ? different : 0, same, copied ? 0 : extra, keys];
}

function decodeFrontmatter(
  raw: Record<string, unknown>,
  typed: Record<string, unknown> | None,
  same: number,
  extra: Record<string, unknown> | None,
  extraKeys: string[] | None,
): Frontmatter {
  const frontmatter: Record<string, unknown> = typed || {};
  SHARED_KEYS.forEach((key, bit) => {
    if (same & (1 << bit)) frontmatter[key] = raw[key];
  });
  if (extra) frontmatter.extra = extra;
  else {
    const rebuilt: Record<string, unknown> = {};
    for (const key of extraKeys || []) rebuilt[key] = raw[key];
    frontmatter.extra = rebuilt;
  }
  frontmatter.raw = raw;
  return frontmatter as unknown as Frontmatter;
}

function storedDescription(description: string, written: string | undefined): string | None | 1 {
  if (description === written) return 0;
  return written !== undefined && normalizeDescription(written) === description ? 1 : description;
}

/** The compact form of a record; `strings`, when given, takes the repeated strings it names. */
export function encodeRecord(record: CacheRecord, strings?: StringTable): StoredRecord {
  const table = strings ?? inline;
  const { path, openai, result } = record;
  const skill = result.skill;
  let storedSkill: StoredSkill | None = 0;
  if (skill) {
    const { frontmatter, description, invocation } = skill;
    storedSkill = [
      skill.name,
      storedDescription(description, frontmatter.description),
      invocation.model ? 1 : 0,
      invocation.user ? 1 : 0,
      skill.bodyLine,
      skill.openai ?? 0,
      ...encodeFrontmatter(frontmatter),
      skill.diagnostics.length === 0 ? 0 : encodeDiagnostics(skill.diagnostics, path, table),
    ];
  }
  const own =
    skill && result.diagnostics === skill.diagnostics
      ? 0
      : encodeDiagnostics(result.diagnostics, path, table);
  return [path, ...encodeStamp(record), openai ? encodeStamp(openai) : 0, storedSkill, own];
}

/** True when `value` has the shape of a stored record (checked before decoding a cache file's entry). */
export function isStoredRecord(value: unknown): value is StoredRecord {
  return (
    Array.isArray(value) &&
    value.length === 8 &&
    typeof value[0] === "string" &&
    typeof value[1] === "number" &&
    typeof value[2] === "number" &&
    typeof value[3] === "number" &&
    typeof value[4] === "number" &&
    (value[5] === 0 || (Array.isArray(value[5]) && value[5].length === 4)) &&
    (value[6] === 0 || Array.isArray(value[6])) &&
    (value[7] === 0 || Array.isArray(value[7]))
  );
}

/**
 * The record a compact form stands for; `dir` is the folder of `path`. `strings` is the table the record
 * was encoded with, if any. Throws on a string index the table does not have.
 */
export function decodeRecord(stored: StoredRecord, strings?: StringTable): CacheRecord {
  const table = strings ?? inline;
  const [path, mtimeMs, size, ctimeMs, ino, openai, storedSkill, own] = stored;
  const result: ParseResult = { diagnostics: [] };
  if (storedSkill) {
    const [name, description, model, user, bodyLine, metadata, raw, typed, same, extra, extraKeys, found] =
      storedSkill;
    const frontmatter = decodeFrontmatter(raw, typed, same, extra, extraKeys);
    const diagnostics = decodeDiagnostics(found, path, table);
    const parsed: ParsedSkill = {
      name,
      description:
        description === 0
          ? (frontmatter.description ?? "")
          : description === 1
            ? normalizeDescription(frontmatter.description ?? "")
            : description,
      frontmatter,
      invocation: { model: model === 1, user: user === 1 },
      path,
      dir: dirname(path),
      bodyLine,
      mtimeMs,
      size,
      diagnostics,
    };
    if (metadata) parsed.openai = metadata;
    result.skill = parsed;
    result.diagnostics = diagnostics;
  }
  // A skill's own list stands for the result's unless the result has a list of its own.
  if (!storedSkill || own !== 0) result.diagnostics = decodeDiagnostics(own, path, table);
  const record: CacheRecord = { path, mtimeMs, size, ctimeMs: decodeCtime(mtimeMs, ctimeMs), ino, result };
  if (openai) {
    const [openaiMtime, openaiSize, openaiCtime, openaiIno] = openai;
    record.openai = {
      mtimeMs: openaiMtime,
      size: openaiSize,
      ctimeMs: decodeCtime(openaiMtime, openaiCtime),
      ino: openaiIno,
    } satisfies FileStamp;
  }
  return record;
}
