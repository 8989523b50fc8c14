/**
 * @module Reads one folder for the walker: its skill file, if any, and the sub-folders worth searching.
 * Costs one `readdir`; `stat`/`realpath` only for symbolic links.
 */
import { sep } from "node:path";
import type { DirEntry, FileStat, FileSystem, SyncFileReads } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Root } from "../roots/root.js";
import { type FolderListings, type KeptListing, listingHolds } from "./folder-listings.js";
import { insideAreas, linkLeavesArea, notRegularFile, refuseSkillFileLink } from "./link-policy.js";
import { isMiscasedSkillFile } from "./pick-skill-file.js";
import {
  danglingLink,
  linkNotFollowed,
  lowercaseSkillFile,
  miscasedSkillFile,
  rootNotADirectory,
  symlinkCycle,
  unreadableDirectory,
} from "./walk-diagnostics.js";

/** What every folder of one walk shares. */
export interface WalkContext {
  root: Root;
  fs: FileSystem;
  /** Real paths links may lead into (undefined: anywhere). See `WalkOptions.linkAreas`. */
  linkAreas?: readonly string[];
  /** Search hidden folders too (all but version-control ones), as `validate PATH` does. */
  searchHidden?: boolean;
  /** Listings kept from earlier walks (synchronous walks without `searchHidden` only). */
  listings?: FolderListings;
  /** Keep each folder's entries in its report (see `WalkOptions.keepSkillListings`). */
  keepSkillListings?: boolean;
  /** A linked SKILL.md may lead out of `linkAreas` (see `WalkOptions.skillFileLinksAnywhere`). */
  skillFileLinksAnywhere?: boolean;
}

/** Folders never searched, hidden or not. */
const versionControl = new Set([".git", ".hg", ".jj", ".svn"]);

/** A folder to read: the path as reached, and its real path (known without `realpath` unless a link led here). */
export interface WalkFolder {
  path: string;
  real: string;
  depth: number;
}

/** A sub-folder worth searching. */
export interface Subfolder {
  path: string;
  real: string;
  /** Reached through a symbolic link (its real path came from `realpath`). */
  viaLink: boolean;
}

/** What one folder holds, as far as the walker cares. */
export interface FolderReport {
  /** Entries read (counted against `maxEntries`). */
  entries: number;
  skillFile?: { path: string; realPath: string; lowercase: boolean; hasAgentsDir: boolean };
  /** Sorted by name. */
  subfolders: Subfolder[];
  /** Absent when there is nothing to report (the common case; saves an array per folder). */
  diagnostics?: Diagnostic[];
  /**
   * The folder holds links (or an odd skill file), so real paths met from here on may repeat ones met
   * before; absent otherwise.
   */
  linked?: true;
  /** The entries read, when the walk keeps skill folders' listings. */
  listing?: DirEntry[];
}

/**
 * A skill's own resource folders never hold further skills (SPEC §5 Walking). Other sub-folders of a skill
 * are searched, as Codex and OpenCode do: real repositories nest skills under a category skill.
 */
const resourceFolders = new Set(["scripts", "references", "assets"]);

/** Joins without `path.join`'s normalisation (the parts are already clean); keeps the walk cheap. */
export function joinPath(dir: string, name: string): string {
  return dir.endsWith(sep) ? dir + name : dir + sep + name;
}

/**
 * Reads `folder` and reports its skill file and searchable sub-folders. Never rejects. Without links, the
 * report is built synchronously after the `readdir`: no extra promise per folder, which matters at 16,000.
 */
export function inspectFolder(
  folder: WalkFolder,
  context: WalkContext,
  isRoot: boolean,
): Promise<FolderReport> {
  return context.fs.readdir(folder.path).then(
    (entries) => classifyEntries(folder, entries, context),
    (error: unknown) => readFailed(folder, errorCode(error), isRoot),
  );
}

/**
 * {@link inspectFolder} with a synchronous `readdir`: the report itself, or a promise only when links
 * (or an odd skill file) need a `stat`/`realpath`. Never throws or rejects.
 */
export function inspectFolderSync(
  folder: WalkFolder,
  context: WalkContext & { fs: SyncFileReads },
  isRoot: boolean,
): FolderReport | Promise<FolderReport> {
  const { listings } = context;
  let stat: FileStat | undefined;
  if (listings !== undefined) {
    // Taken before the listing: a change between the two leaves a stamp older than the listing, never
    // newer, so the next walk lists the folder again.
    try {
      stat = context.fs.statSync(folder.real);
    } catch {
      // Listed below, which reports why it cannot be.
    }
    const kept = stat && listings.get(folder.real);
    if (stat && kept && listingHolds(kept, stat)) return keptReport(folder, kept);
  }
  let entries: DirEntry[];
  try {
    entries = context.fs.readdirSync(folder.path);
  } catch (error) {
    return readFailed(folder, errorCode(error), isRoot);
  }
  const report = classifyEntries(folder, entries, context);
  if (listings !== undefined) {
    const plain = stat?.isDirectory && !(report instanceof Promise) && !report.linked && !report.diagnostics;
    listings.set(folder.real, plain ? listingOf(report as FolderReport, stat as FileStat) : undefined);
  }
  return report;
}

/** A plain folder's report as a listing to keep. */
function listingOf(report: FolderReport, stat: FileStat): KeptListing {
  const skill = report.skillFile ? (report.skillFile.hasAgentsDir ? 2 : 1) : 0;
  return {
    mtimeMs: stat.mtimeMs,
    ctimeMs: stat.ctimeMs,
    ino: stat.ino,
    entries: report.entries,
    skill,
    subfolders: report.subfolders.map((sub) => baseName(sub.path)),
  };
}

/** The report a kept listing stands for, with paths under `folder` as reached this time. */
function keptReport(folder: WalkFolder, kept: KeptListing): FolderReport {
  const samePath = folder.path === folder.real;
  const subfolders: Subfolder[] = [];
  for (const name of kept.subfolders) {
    const path = joinPath(folder.path, name);
    subfolders.push({ path, real: samePath ? path : joinPath(folder.real, name), viaLink: false });
  }
  const report: FolderReport = { entries: kept.entries, subfolders };
  if (kept.skill !== 0) {
    const path = joinPath(folder.path, "SKILL.md");
    report.skillFile = {
      path,
      realPath: samePath ? path : joinPath(folder.real, "SKILL.md"),
      lowercase: false,
      hasAgentsDir: kept.skill === 2,
    };
  }
  return report;
}

function readFailed(folder: WalkFolder, code: string, isRoot: boolean): FolderReport {
  const report: FolderReport = { entries: 0, subfolders: [] };
  // A folder removed during the walk is simply gone; a missing root is not an error either.
  if (code === "ENOENT") return report;
  if (code === "ENOTDIR") {
    if (isRoot) report.diagnostics = [rootNotADirectory(folder.path)];
    return report;
  }
  report.diagnostics = [unreadableDirectory(folder.path, code)];
  return report;
}

/** What a folder's entries hold for the walker, before any path is built. */
interface EntryScan {
  upper?: DirEntry;
  lower?: DirEntry;
  /** Names of symbolic links (folders maybe), when any. */
  links?: string[];
  /** Names of sub-folders, when any (most folders searched are skill folders without one). */
  dirs?: string[];
  /** A `Skill.md` in another letter case (see `isMiscasedSkillFile`). */
  miscased?: DirEntry;
  hasAgentsDir: boolean;
}

/**
 * One pass over a folder's entries. Kept apart from {@link classifyEntries} on purpose: V8 optimizes the
 * loop over a root's thousands of entries while it runs, and the code after such a loop, which had never
 * run, then bailed out again on every later folder (thousands of deoptimizations, a third of the walk).
 */
function scanEntries(entries: readonly DirEntry[], searchHidden: boolean): EntryScan {
  const scan: EntryScan = { hasAgentsDir: false };
  for (const entry of entries) {
    const name = entry.name;
    if (name === "SKILL.md") scan.upper = entry;
    else if (name === "skill.md") scan.lower = entry;
    else if (name === "node_modules") continue;
    else if (name.charCodeAt(0) === 46 /* . */ && (!searchHidden || versionControl.has(name))) continue;
    else if (entry.isDirectory) {
      if (name === "agents") scan.hasAgentsDir = true;
      scan.dirs ??= [];
      scan.dirs.push(name);
    } else if (entry.isSymbolicLink) {
      if (name === "agents") scan.hasAgentsDir = true;
      scan.links ??= [];
      scan.links.push(name);
    } else if (isMiscasedSkillFile(name)) scan.miscased = entry;
  }
  return scan;
}

/** Sub-folders named `dirs` of `folder`, sorted by name (a separate loop, as in {@link scanEntries}). */
function plainSubfolders(folder: WalkFolder, dirs: string[]): Subfolder[] {
  // Below a folder reached without links, a child's real path is its path: share the string.
  const samePath = folder.path === folder.real;
  // Sorting names orders the paths too (they share the folder's prefix), for far fewer compared chars.
  if (dirs.length > 1) dirs.sort();
  const subfolders: Subfolder[] = [];
  for (const name of dirs) {
    const path = joinPath(folder.path, name);
    subfolders.push({ path, real: samePath ? path : joinPath(folder.real, name), viaLink: false });
  }
  return subfolders;
}

function classifyEntries(
  folder: WalkFolder,
  entries: DirEntry[],
  context: WalkContext,
): FolderReport | Promise<FolderReport> {
  const { upper, lower, links, dirs, miscased, hasAgentsDir } = scanEntries(
    entries,
    context.searchHidden === true,
  );
  const report: FolderReport = {
    entries: entries.length,
    subfolders: dirs ? plainSubfolders(folder, dirs) : [],
  };
  if (miscased && !upper && !lower)
    report.diagnostics = [miscasedSkillFile(joinPath(folder.path, miscased.name), miscased.name)];
  if (context.keepSkillListings) report.listing = entries;
  // The common case: a plain SKILL.md file, no links to resolve.
  if (upper?.isFile) {
    const path = joinPath(folder.path, upper.name);
    report.skillFile = {
      path,
      realPath: folder.path === folder.real ? path : joinPath(folder.real, upper.name),
      lowercase: false,
      hasAgentsDir,
    };
  }
  if (links || (!report.skillFile && (upper || lower))) {
    return finishWithLinks(folder, report, upper, lower, links ?? [], context, hasAgentsDir);
  }
  return finish(report, true);
}

/** The slow path: a linked or odd skill file, a lowercase one, or links to follow. */
async function finishWithLinks(
  folder: WalkFolder,
  report: FolderReport,
  upper: DirEntry | undefined,
  lower: DirEntry | undefined,
  links: string[],
  context: WalkContext,
  hasAgentsDir: boolean,
): Promise<FolderReport> {
  const diagnostics: Diagnostic[] = report.diagnostics ?? [];
  report.diagnostics = diagnostics;
  report.linked = true;
  if (upper && !report.skillFile) {
    report.skillFile = await readSkillEntry(folder, upper, context, diagnostics, hasAgentsDir);
  }
  if (!report.skillFile && lower) {
    report.skillFile = await readSkillEntry(folder, lower, context, diagnostics, hasAgentsDir);
    if (report.skillFile) {
      report.skillFile.lowercase = true;
      diagnostics.push(lowercaseSkillFile(report.skillFile.path));
    }
  }
  const followed = context.root.followLinks ? links.filter((name) => searchable(report, name)) : [];
  const resolved = await Promise.all(followed.map((name) => followFolderLink(folder, name, context)));
  for (const result of resolved) {
    if (result === undefined) continue;
    if ("code" in result) diagnostics.push(result);
    else report.subfolders.push(result);
  }
  return finish(report, followed.length === 0);
}

/**
 * Drops a skill's resource folders and sorts the rest by name (readdir order differs between systems),
 * unless they are `sorted` already.
 */
function finish(report: FolderReport, sorted: boolean): FolderReport {
  if (report.skillFile && report.subfolders.length > 0) {
    report.subfolders = report.subfolders.filter((sub) => searchable(report, baseName(sub.path)));
  }
  if (!sorted && report.subfolders.length > 1) report.subfolders.sort(byPath);
  return report;
}

function searchable(report: FolderReport, name: string): boolean {
  return !(report.skillFile && resourceFolders.has(name));
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf(sep) + 1);
}

/**
 * Resolves a `SKILL.md`/`skill.md` entry to a file, or records why it cannot be used: a link is followed
 * only as the link policy allows (see `link-policy.ts`); a FIFO, socket, device or folder is never opened.
 */
async function readSkillEntry(
  folder: WalkFolder,
  entry: DirEntry,
  context: WalkContext,
  diagnostics: Diagnostic[],
  hasAgentsDir: boolean,
): Promise<FolderReport["skillFile"]> {
  const { root, fs } = context;
  const path = joinPath(folder.path, entry.name);
  if (entry.isFile) {
    return { path, realPath: joinPath(folder.real, entry.name), lowercase: false, hasAgentsDir };
  }
  if (!entry.isSymbolicLink) {
    // A folder, FIFO, socket or device: name what it is (lstat does not open it).
    const kind = entry.isDirectory
      ? "directory"
      : await fs.lstat(path).then(
          (stat) => stat.kind,
          () => undefined,
        );
    diagnostics.push(notRegularFile(path, kind));
    return undefined;
  }
  if (!root.followLinks) {
    diagnostics.push(linkNotFollowed(path, root.scope === "system"));
    return undefined;
  }
  try {
    const stat = await fs.stat(path);
    const real = await fs.realpath(path);
    const refused = refuseSkillFileLink(
      path,
      real,
      stat,
      context.skillFileLinksAnywhere ? undefined : context.linkAreas,
    );
    if (refused) {
      diagnostics.push(refused);
      return undefined;
    }
    return { path, realPath: real, lowercase: false, hasAgentsDir };
  } catch (error) {
    diagnostics.push(linkProblem(path, errorCode(error), true));
    return undefined;
  }
}

/**
 * A link to a folder becomes a sub-folder (with its real path) when the link policy lets the walk go
 * there; anything else is skipped or reported.
 */
async function followFolderLink(
  folder: WalkFolder,
  name: string,
  context: WalkContext,
): Promise<Subfolder | Diagnostic | undefined> {
  const path = joinPath(folder.path, name);
  try {
    const stat = await context.fs.stat(path);
    if (!stat.isDirectory) return undefined;
    const real = await context.fs.realpath(path);
    if (!insideAreas(real, context.linkAreas)) return linkLeavesArea(path, real);
    return { path, real, viaLink: true };
  } catch (error) {
    return linkProblem(path, errorCode(error), false);
  }
}

/** A link that cannot be resolved; a looping SKILL.md link is a warning (a skill is lost), a folder loop info. */
function linkProblem(path: string, code: string, skillFile: boolean): Diagnostic {
  if (code === "ENOENT" || code === "ENOTDIR") return danglingLink(path);
  if (code === "ELOOP") return symlinkCycle(path, undefined, skillFile ? "warning" : "info");
  return unreadableDirectory(path, code);
}

function byPath(a: Subfolder, b: Subfolder): number {
  return a.path < b.path ? -1 : a.path > b.path ? 1 : 0;
}

/** The Node error code (`EACCES`, `ENOENT`, …), or `UNKNOWN`. */
export function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}
