/**
 * @module What walking a root takes and returns (the contract between the walker and the registry).
 */
import type { WalkLimits } from "../config/config-schema.js";
import type { DirEntry, FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/root.js";
import type { FolderListings } from "./folder-listings.js";

/** A SKILL.md found under a root. */
export interface FoundSkillFile {
  /** Path as reached (through links). */
  path: string;
  /** Canonical real path: the skill's id. */
  realPath: string;
  /** Directory of `path`. */
  dir: string;
  /** Real path of `dir` as the walk found it: later reads of the skill's files must still land inside it. */
  realDir: string;
  root: Root;
  /** The file is a lowercase `skill.md` (accepted with a `lowercase-skill-file` warning). */
  lowercase: boolean;
  /**
   * Whether the skill folder has an `agents` entry (where Codex's `agents/openai.yaml` lives), as the
   * walker's listing showed; undefined when unknown. Lets the parser skip a failing read per skill.
   */
  hasAgentsDir?: boolean;
  /** The skill folder's entries as the walk read them, when `WalkOptions.keepSkillListings` asked. */
  listing?: readonly DirEntry[];
}

/** Everything one walk found. */
export interface WalkResult {
  /** In breadth-first order, folders sorted by name at each level: the same tree gives the same list. */
  files: FoundSkillFile[];
  /**
   * `file-not-regular`, `link-refused` (errors: a skill file that is not read); `walk-limit`,
   * `unreadable-directory`, `root-not-a-directory`, `dangling-link`, `link-leaves-roots`,
   * `lowercase-skill-file` (warnings); `symlink-cycle` (info; a warning for a looping SKILL.md),
   * `link-not-followed` (info).
   */
  diagnostics: Diagnostic[];
  /** Folders visited (for doctor and benchmarks). */
  directories: number;
}

/** How to walk. */
export interface WalkOptions {
  limits: WalkLimits;
  fs?: FileSystem;
  /**
   * Real paths that links may lead into: a link (to a folder or a SKILL.md) whose real path is outside all
   * of them is not followed (`link-leaves-roots`). The registry passes the known roots and the project;
   * `validate PATH` the given tree. Undefined: links may lead anywhere (still bounded by `limits`).
   */
  linkAreas?: readonly string[];
  /** Search hidden folders too (version-control folders excepted), as `validate PATH` does. */
  searchHidden?: boolean;
  /** How a reached limit is reported (default: `walk-limit` naming the `discovery.limits` key to raise). */
  limitReached?: (root: string, limit: keyof WalkLimits, value: number) => Diagnostic;
  /** Folders read at the same time (default 32): enough to keep the disk busy, few enough to stay polite. */
  concurrency?: number;
  /**
   * Listings kept from earlier walks (`folder-listings.ts`): a plain folder whose stamp is unchanged is
   * `stat`ed instead of listed, and plain folders listed are offered to it. Used by synchronous walks
   * without `searchHidden` only.
   */
  listings?: FolderListings;
  /**
   * Follow a linked `SKILL.md` to a regular file named `SKILL.md` wherever it lies, `linkAreas` aside (the
   * audit, which must read what an agent would load): what a skill file link may lead to is still only
   * another skill file (SPEC §5).
   */
  skillFileLinksAnywhere?: boolean;
  /**
   * Give each skill file found its folder's entries (`FoundSkillFile.listing`), for a caller that reads the
   * whole folder next (the audit): the folder is then not listed twice.
   */
  keepSkillListings?: boolean;
}
