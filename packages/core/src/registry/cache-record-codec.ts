/**
 * @module The compact on-disk form of a metadata-cache record. A parse result repeats itself a lot (the
 * typed frontmatter copies the raw mapping, the result's diagnostics are the skill's, every diagnostic
 * names the file twice); dropping the repeats makes the cache about a third of the size, and a warm load
 * spends its time reading and parsing that file. Decoding restores records equal to the originals.
 */
import { dirname } from "node:path";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Frontmatter } from "../model/skill.js";
import type { ParsedSkill, ParseResult } from "../parser/index.js";
import type { CacheRecord } from "./metadata-cache.js";

/** Stands for the record's path inside diagnostic messages. */
const PATH_MARK = "\u0001";

type StoredDiagnostic = Omit<Diagnostic, "path"> & { path?: string };

interface StoredFrontmatter {
  /** Typed fields that are not plain copies of the raw mapping. */
  typed: Record<string, unknown>;
  /** Typed fields equal to the raw value of the same key. */
  same: string[];
  /** `extra` when it is not exactly the raw keys it names. */
  extra?: Record<string, unknown>;
  /** Keys of `extra`, each equal to its raw value. */
  extraKeys?: string[];
  raw: Record<string, unknown>;
}

type StoredSkill = Omit<
  ParsedSkill,
  "path" | "dir" | "mtimeMs" | "size" | "diagnostics" | "frontmatter" | "description"
> & {
  /** Absent when equal to the frontmatter's description. */
  description?: string;
  frontmatter: StoredFrontmatter;
  diagnostics: StoredDiagnostic[];
};

/** A record as written to the cache file. */
export interface StoredRecord {
  path: string;
  mtimeMs: number;
  size: number;
  openai?: CacheRecord["openai"];
  skill?: StoredSkill;
  /** The result's diagnostics, when they are not the skill's. */
  diagnostics?: StoredDiagnostic[];
}

function same(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

function encodeDiagnostics(list: readonly Diagnostic[], path: string): StoredDiagnostic[] {
  return list.map((found) => {
    const { path: where, message, ...rest } = found;
    const stored: StoredDiagnostic = { ...rest, message: message.split(path).join(PATH_MARK) };
    if (where !== path) stored.path = where;
    return stored;
  });
}

/** Restores diagnostics in place (the stored objects are fresh from `JSON.parse`). */
function decodeDiagnostics(list: StoredDiagnostic[], path: string): Diagnostic[] {
  for (const stored of list) {
    stored.path ??= path;
    if (stored.message.includes(PATH_MARK)) stored.message = stored.message.replaceAll(PATH_MARK, path);
  }
  return list as Diagnostic[];
}

function encodeFrontmatter(frontmatter: Frontmatter): StoredFrontmatter {
  const { raw, extra, ...typed } = frontmatter;
  const stored: StoredFrontmatter = { typed: {}, same: [], raw };
  for (const [key, value] of Object.entries(typed)) {
    if (key in raw && same(value, raw[key])) stored.same.push(key);
    else stored.typed[key] = value;
  }
  const extraKeys = Object.keys(extra);
  if (extraKeys.every((key) => key in raw && same(extra[key], raw[key]))) stored.extraKeys = extraKeys;
  else stored.extra = extra;
  return stored;
}

/** Restores a frontmatter in place. */
function decodeFrontmatter(stored: StoredFrontmatter): Frontmatter {
  const { raw, same: copied, extra, extraKeys } = stored;
  const frontmatter = stored.typed as Record<string, unknown>;
  for (const key of copied) frontmatter[key] = raw[key];
  if (extra) frontmatter.extra = extra;
  else {
    const rebuilt: Record<string, unknown> = {};
    for (const key of extraKeys ?? []) rebuilt[key] = raw[key];
    frontmatter.extra = rebuilt;
  }
  frontmatter.raw = raw;
  return frontmatter as unknown as Frontmatter;
}

/** The compact form of a record. */
export function encodeRecord(record: CacheRecord): StoredRecord {
  const { path, mtimeMs, size, openai, result } = record;
  const stored: StoredRecord = { path, mtimeMs, size };
  if (openai) stored.openai = openai;
  const skill = result.skill;
  if (skill) {
    const {
      path: _path,
      dir: _dir,
      mtimeMs: _m,
      size: _s,
      diagnostics,
      frontmatter,
      description,
      ...rest
    } = skill;
    stored.skill = {
      ...rest,
      frontmatter: encodeFrontmatter(frontmatter),
      diagnostics: encodeDiagnostics(diagnostics, path),
    };
    if (description !== frontmatter.description) stored.skill.description = description;
  }
  if (!skill || !same(result.diagnostics, skill.diagnostics)) {
    stored.diagnostics = encodeDiagnostics(result.diagnostics, path);
  }
  return stored;
}

/**
 * The record a compact form stands for; `dir` is the folder of `path`. Reuses the objects of `stored`
 * (fresh from `JSON.parse`) instead of copying them: a warm load decodes thousands of records.
 */
export function decodeRecord(stored: StoredRecord): CacheRecord {
  const { path, mtimeMs, size } = stored;
  const result: ParseResult = { diagnostics: [] };
  const skill = stored.skill;
  if (skill) {
    const frontmatter = decodeFrontmatter(skill.frontmatter);
    const diagnostics = decodeDiagnostics(skill.diagnostics, path);
    const parsed = skill as unknown as ParsedSkill;
    parsed.frontmatter = frontmatter;
    parsed.description = skill.description ?? frontmatter.description ?? "";
    parsed.path = path;
    parsed.dir = dirname(path);
    parsed.mtimeMs = mtimeMs;
    parsed.size = size;
    parsed.diagnostics = diagnostics;
    result.skill = parsed;
    result.diagnostics = diagnostics;
  }
  if (stored.diagnostics) result.diagnostics = decodeDiagnostics(stored.diagnostics, path);
  const record: CacheRecord = { path, mtimeMs, size, result };
  if (stored.openai) record.openai = stored.openai;
  return record;
}
