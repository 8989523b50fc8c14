/**
 * CONTRACT STUB (to be replaced by the walker implementation; keep these names and shapes).
 * @module walker — breadth-first, bounded search of one root for SKILL.md files (SPEC §5 Walking).
 */
import type { WalkLimits } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/index.js";

/** A SKILL.md found under a root. */
export interface FoundSkillFile {
  /** Path as reached (through links). */
  path: string;
  /** Canonical real path: the skill's id. */
  realPath: string;
  /** Directory of `path`. */
  dir: string;
  root: Root;
  /** The file is a lowercase `skill.md` (accepted with a warning). */
  lowercase: boolean;
}

export interface WalkResult {
  files: FoundSkillFile[];
  /** Warnings: unreadable folders, limits reached, dangling links, loops, `SKILL.md` that is a folder… */
  diagnostics: Diagnostic[];
  /** Folders visited (for doctor and benchmarks). */
  directories: number;
}

export interface WalkOptions {
  limits: WalkLimits;
  fs?: FileSystem;
}

/** Walks one root. A missing root yields no files and no diagnostics. Never throws for bad trees. */
export declare function walkRoot(root: Root, options: WalkOptions): Promise<WalkResult>;
