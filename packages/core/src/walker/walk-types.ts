/**
 * @module What walking a root takes and returns (the contract between the walker and the registry).
 */
import type { WalkLimits } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/root.js";

/** A SKILL.md found under a root. */
export interface FoundSkillFile {
  /** Path as reached (through links). */
  path: string;
  /** Canonical real path: the skill's id. */
  realPath: string;
  /** Directory of `path`. */
  dir: string;
  root: Root;
  /** The file is a lowercase `skill.md` (accepted with a `lowercase-skill-file` warning). */
  lowercase: boolean;
  /**
   * Whether the skill folder has an `agents` entry (where Codex's `agents/openai.yaml` lives), as the
   * walker's listing showed; undefined when unknown. Lets the parser skip a failing read per skill.
   */
  hasAgentsDir?: boolean;
}

/** Everything one walk found. */
export interface WalkResult {
  /** In breadth-first order, folders sorted by name at each level: the same tree gives the same list. */
  files: FoundSkillFile[];
  /**
   * `walk-limit`, `unreadable-directory`, `root-not-a-directory`, `dangling-link`, `skill-file-not-a-file`,
   * `lowercase-skill-file` (warnings); `symlink-cycle`, `link-not-followed` (info).
   */
  diagnostics: Diagnostic[];
  /** Folders visited (for doctor and benchmarks). */
  directories: number;
}

/** How to walk. */
export interface WalkOptions {
  limits: WalkLimits;
  fs?: FileSystem;
  /** Folders read at the same time (default 32): enough to keep the disk busy, few enough to stay polite. */
  concurrency?: number;
}
