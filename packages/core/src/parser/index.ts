/**
 * CONTRACT STUB (to be replaced by the parser implementation; keep these names and shapes).
 * @module parser — SKILL.md text → ParsedSkill + diagnostics (SPEC §2, §3).
 */

import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Frontmatter, Invocation, OpenAiMetadata } from "../model/skill.js";

export type ParseMode = "lenient" | "strict";

/** What the parser knows about a skill; the registry adds id, scope, source and namespace. */
export interface ParsedSkill {
  name: string;
  description: string;
  frontmatter: Frontmatter;
  openai?: OpenAiMetadata;
  invocation: Invocation;
  /** Absolute path of SKILL.md, as given. */
  path: string;
  /** Absolute path of its directory. */
  dir: string;
  bodyLine: number;
  mtimeMs: number;
  size: number;
  diagnostics: Diagnostic[];
}

export interface ParseResult {
  /** Absent when the file could not be loaded; then `diagnostics` holds at least one error. */
  skill?: ParsedSkill;
  diagnostics: Diagnostic[];
}

export interface ParseFileOptions {
  mode?: ParseMode;
  fs?: FileSystem;
}

/** Reads and parses one SKILL.md (and its `agents/openai.yaml`). Never throws for bad input. */
export declare function parseSkillFile(path: string, options?: ParseFileOptions): Promise<ParseResult>;

/** Returns the body of a SKILL.md with the frontmatter removed (progressive disclosure: read on demand). */
export declare function readSkillBody(path: string, fs?: FileSystem): Promise<string>;
