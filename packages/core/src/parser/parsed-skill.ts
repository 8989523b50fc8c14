/**
 * @module The parser's result shapes (SPEC §2): what it knows about a skill before the registry adds id,
 * scope, source and namespace.
 */
import type { FileStat, FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Frontmatter, Invocation, OpenAiMetadata } from "../model/skill.js";

/**
 * - `lenient` (default for discovery and every runtime path): repairs YAML, falls back to the folder name
 *   and the first paragraph, and loads skills that break spec rules, with warnings.
 * - `strict`: no repair and no fallbacks; the spec rules themselves are checked by the validate stage.
 */
export type ParseMode = "lenient" | "strict";

/** What the parser knows about a skill; the registry adds id, scope, source and namespace. */
export interface ParsedSkill {
  /** Frontmatter `name`, else (lenient) the folder name. */
  name: string;
  /** Whitespace-normalised description. */
  description: string;
  frontmatter: Frontmatter;
  openai?: OpenAiMetadata;
  invocation: Invocation;
  /** Absolute path of SKILL.md, as given. */
  path: string;
  /** Absolute path of its directory. */
  dir: string;
  /** 1-based line where the body starts. */
  bodyLine: number;
  mtimeMs: number;
  /** File size in bytes. */
  size: number;
  /** Every warning produced while loading it (the same list as the result's `diagnostics`). */
  diagnostics: Diagnostic[];
}

/** The outcome of parsing one SKILL.md. */
export interface ParseResult {
  /** Absent when the file could not be loaded; then `diagnostics` holds at least one error. */
  skill?: ParsedSkill;
  diagnostics: Diagnostic[];
}

/** Options for `parseSkillFile`. */
export interface ParseFileOptions {
  /** Default `lenient`. */
  mode?: ParseMode;
  /** Default the real disk (`nodeFileSystem`). */
  fs?: FileSystem;
  /**
   * Whether the skill folder has an `agents` entry, when the caller already knows (the walker listed the
   * folder). `false` skips the read of `agents/openai.yaml`; undefined tries it (one failing `open` when
   * absent).
   */
  hasAgentsDir?: boolean;
  /** The file's `stat`, when the caller already has it; saves one system call. */
  stat?: FileStat;
  /** The file's folder, when the caller already has it (the walker does). Default `dirname(path)`. */
  dir?: string;
  /** The walker found the path and applied the link policy already (see `readSkillText`). */
  linkChecked?: boolean;
  /** Where a link may lead when the reader checks it (see `readSkillText`). */
  linkAreas?: readonly string[];
}

/** Everything read from a SKILL.md text, loaded or not: what the validate stage checks (SPEC §4). */
export interface SkillDocument {
  /** A frontmatter block was found (including one missing its opening `---`, repaired in lenient mode). */
  hasFrontmatter: boolean;
  /** The parsed YAML mapping, exactly as read (after repair); absent when there was none or it failed. */
  raw?: Record<string, unknown>;
  /** The typed frontmatter; absent when the YAML could not be read. */
  frontmatter?: Frontmatter;
  /** 1-based file line of each top-level frontmatter key. */
  keyLines: Record<string, number>;
  /** 1-based line of the first YAML line (0 without frontmatter). */
  yamlLine: number;
  /** 1-based line where the body starts (1 without frontmatter). */
  bodyLine: number;
  /** The Markdown after the frontmatter (the whole text without one). */
  body: string;
  /** The YAML only parsed after a lenient repair. */
  repaired: boolean;
}

/** Options for `parseSkillText`. */
export interface ParseTextOptions {
  /** Path of the SKILL.md, named in diagnostics and kept on the skill. */
  path: string;
  /** Its folder; default `dirname(path)`. The folder name is the fallback name and is compared to `name`. */
  dir?: string;
  /** Default `lenient`. */
  mode?: ParseMode;
  /** Metadata from `agents/openai.yaml`, already read (it decides `invocation.model` too). */
  openai?: OpenAiMetadata;
  /** Default 0. */
  mtimeMs?: number;
  /** Default the UTF-8 length of `text`. */
  size?: number;
}

/** {@link ParseResult} plus everything read, for validators and tools that show the frontmatter. */
export interface ParseTextResult extends ParseResult {
  document: SkillDocument;
}
