/**
 * @module Reads a skill folder for the audit, bounded like every other read (SPEC §15): only regular files
 * whose real path stays inside the folder, `.git` and `node_modules` left out (as `add` leaves them out),
 * a cap per file, in total and on the number of entries. Binaries are recognised by kind (extension, magic
 * bytes, a NUL in the head) and are not scanned as text. From the real disk each file takes one open (its
 * stat and bytes together, only the head of a file over the caps) into one reused buffer it is decoded from.
 */
import { basename, join, sep } from "node:path";
import type { DirEntry, FileStat, FileSystem, StatAndHead } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/is-same-or-inside.js";
import { readsHeadsFromDisk } from "../fs/node-file-system.js";
import { readHeadWithStat } from "../fs/read-head-with-stat.js";
import { syncReads } from "../fs/sync-reads.js";

/** Bounds of one skill's read. */
export interface AuditReadLimits {
  /** Largest file scanned as text (default 1 MiB). */
  maxFileBytes: number;
  /** Most bytes scanned in all (default 16 MiB). */
  maxTotalBytes: number;
  /** Most files looked at (default 2,000, as `add` allows). */
  maxFiles: number;
  /** Deepest folder entered (default 16). */
  maxDepth: number;
}

export const DEFAULT_AUDIT_LIMITS: AuditReadLimits = {
  maxFileBytes: 1024 * 1024,
  maxTotalBytes: 16 * 1024 * 1024,
  maxFiles: 2_000,
  maxDepth: 16,
};

/** A file of the skill, as the rules see it. */
export interface AuditFile {
  /** Relative to the skill folder, `/`-separated. */
  path: string;
  size: number;
  /** Permission bits, when known. */
  mode: number;
  /** The text, for a text file within the caps; undefined for a binary. */
  text?: string;
  /** What kind of binary, for one not scanned (`image`, `archive`, `executable`, …). */
  binary?: string;
  /** A script over the per-file cap: `text` is its first `maxFileBytes` only (to the last whole line). */
  truncated?: boolean;
}

/** What was read, and what was left out with the reason. */
export interface AuditFiles {
  files: AuditFile[];
  skipped: Array<{ file: string; reason: string }>;
}

const BINARY_EXTENSIONS: Record<string, string> = {
  image: "png jpg jpeg gif webp bmp ico icns tif tiff psd heic avif",
  font: "woff woff2 ttf otf eot",
  archive: "zip gz tgz bz2 xz 7z rar tar jar whl",
  media: "mp3 mp4 wav ogg flac mov avi webm m4a",
  document: "pdf docx xlsx pptx odt ods doc xls ppt",
  executable: "exe dll so dylib bin o a class pyc wasm",
  data: "sqlite db parquet npy pkl",
};
const kindByExtension = new Map<string, string>(
  Object.entries(BINARY_EXTENSIONS).flatMap(([kind, list]) =>
    list.split(" ").map((extension) => [extension, kind] as [string, string]),
  ),
);

/** The reads the audit makes: the file system's synchronous ones when it has them (no thread-pool trip). */
interface Reads {
  realpath(path: string): string | Promise<string>;
  readdir(path: string): DirEntry[] | Promise<DirEntry[]>;
  stat(path: string): FileStat | Promise<FileStat>;
  readHead(path: string, length: number): Uint8Array | Promise<Uint8Array>;
  readFile(path: string): Uint8Array | Promise<Uint8Array>;
  /** On the real disk: the stat and the bytes from one open, into the buffer `bufferFor` gives. */
  readWithStat?(path: string, length: number, bufferFor: (room: number) => Uint8Array): StatAndHead;
}

/** The head `binaryKind` looks at. */
const HEAD_BYTES = 8192;

// A file read from the disk lands here and is decoded from here: no buffer per file. Grown to the largest
// file read (at most the per-file cap).
let scratch = Buffer.allocUnsafeSlow(64 * 1024);
function scratchFor(room: number): Buffer {
  if (scratch.length < room) scratch = Buffer.allocUnsafeSlow(room);
  return scratch.subarray(0, room);
}

function readsOf(fs: FileSystem): Reads {
  const sync = syncReads(fs);
  if (!sync?.realpathSync) return fs;
  const realpathSync = sync.realpathSync.bind(sync);
  return {
    realpath: realpathSync,
    readdir: (path) => sync.readdirSync(path),
    stat: (path) => sync.statSync(path),
    readHead: (path, length) => sync.readHeadSync(path, length),
    readFile: (path) => sync.readFileSync(path),
    ...(readsHeadsFromDisk(fs) ? { readWithStat: readHeadWithStat } : {}),
  };
}

/** The kind of binary by name alone (`.png`, `.zip`, …), or undefined. */
function kindByName(path: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return extension === undefined ? undefined : kindByExtension.get(extension);
}

/** The kind of binary `bytes` (the head of `path`) are, or undefined for text. */
export function binaryKind(path: string, bytes: Uint8Array): string | undefined {
  const head = bytes.subarray(0, 8192);
  if (head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) return "executable";
  if (head[0] === 0x4d && head[1] === 0x5a) return "executable";
  const magic = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic >>> 0)) return "executable";
  // `.svg` and other text formats are read as text whatever their extension.
  const byName = kindByName(path);
  if (byName) return byName;
  if (head.includes(0) && !strayNulScript(path, head)) return "binary";
  return undefined;
}

/** Most NUL bytes a script's head may hold and still be a script with a stray NUL (not a binary). */
const STRAY_NULS = 8;

/**
 * Whether `head` is a script's text with a stray NUL or two: a `#!` line or a script's name, and no other
 * sign of a binary (control bytes besides white space and escape, or more than a few NULs). The shell
 * skips the NULs and runs the rest, so the rest is scanned.
 */
function strayNulScript(path: string, head: Uint8Array): boolean {
  if (!(head[0] === 0x23 && head[1] === 0x21) && !SCRIPT_NAME.test(path)) return false;
  let nuls = 0;
  for (const byte of head) {
    if (byte === 0 && ++nuls > STRAY_NULS) return false;
    if (byte !== 0 && byte < 0x20 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12 && byte !== 27)
      return false;
  }
  return true;
}

/** A script by its name: a script's extension, or a file in `scripts/`, `bin/` or `hooks/`. */
const SCRIPT_NAME =
  /\.(sh|bash|zsh|fish|ksh|py|pyw|js|mjs|cjs|ts|mts|cts|jsx|tsx|rb|pl|php|ps1|psm1|bat|cmd|lua|vbs|command|tool)$|^(scripts|bin|hooks)\/(?!.*\.(md|mdx|markdown|txt|rst|adoc)$)/i;

/** Whether a file too large to scan whole is a script (by name, `#!` line or executable bit): its head is. */
function isLargeScript(path: string, head: Uint8Array, mode: number): boolean {
  return SCRIPT_NAME.test(path) || (head[0] === 0x23 && head[1] === 0x21) || (mode & 0o111) !== 0;
}

/**
 * A script over the per-file cap, as far as the cap (its last partial line dropped): scanned, and marked
 * truncated so the audit says what it did not read.
 */
function truncatedScript(path: string, head: Uint8Array, size: number, mode: number): AuditFile {
  const text = decode(head);
  const end = text.lastIndexOf("\n");
  return { path, size, mode, text: end === -1 ? text : text.slice(0, end), truncated: true };
}

/** The text of `bytes` (UTF-8, a BOM dropped, NUL bytes dropped as the shell drops them). */
function decode(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  return bytes.includes(0) ? text.replaceAll("\0", "") : text;
}

/**
 * Reads the files of the skill folder `dir`. Never throws for what the folder holds: an unreadable folder
 * or file, a link leading out, anything but a regular file, or a file over a cap is listed in `skipped`.
 * `listing`: the folder's entries, when a walk has just read them (the folder is then not listed again).
 */
export async function readAuditFiles(
  dir: string,
  fileSystem: FileSystem,
  limits: AuditReadLimits = DEFAULT_AUDIT_LIMITS,
  listing?: readonly DirEntry[],
): Promise<AuditFiles> {
  const fs = readsOf(fileSystem);
  const files: AuditFile[] = [];
  const skipped: AuditFiles["skipped"] = [];
  // The folder's real path, asked only once a link needs it (most skills have none).
  let realDir: string | undefined;
  const realOfDir = async (): Promise<string> => {
    if (realDir === undefined) {
      try {
        realDir = await fs.realpath(dir);
      } catch {
        realDir = dir;
      }
    }
    return realDir;
  };
  let total = 0;
  let looked = 0;
  // Each folder with its path relative to `dir` (`/`-separated), built up as the walk goes down.
  const queue: Array<{ folder: string; relative: string; depth: number }> = [
    { folder: dir, relative: "", depth: 0 },
  ];
  while (queue.length > 0) {
    const { folder, relative: under, depth } = queue.shift()!;
    let entries: DirEntry[];
    try {
      entries = depth === 0 && listing !== undefined ? [...listing] : await fs.readdir(folder);
    } catch (error) {
      skipped.push({ file: under, reason: `folder not readable (${codeOf(error)})` });
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    // The folder as join() gives it (`dir` normalized once; the folders under it are built normalized).
    const base = depth === 0 ? join(folder) : folder;
    for (const entry of entries) {
      // What join(folder, name) gives, without normalizing again: a name read from a folder holds no
      // separator and is never `.` or `..`.
      const path = base.endsWith(sep) ? base + entry.name : base + sep + entry.name;
      const file = under === "" ? entry.name : `${under}/${entry.name}`;
      if (entry.isDirectory) {
        if (entry.name === ".git" || entry.name === "node_modules") continue;
        if (depth + 1 > limits.maxDepth) skipped.push({ file, reason: "deeper than the audit goes" });
        else queue.push({ folder: path, relative: file, depth: depth + 1 });
        continue;
      }
      if (++looked > limits.maxFiles) {
        skipped.push({ file, reason: `more than ${limits.maxFiles} files; the rest are not scanned` });
        return { files, skipped };
      }
      // The skill's own SKILL.md, linked: read where it leads if that is a regular file named SKILL.md
      // (SPEC §5), wherever it lies, as discovery and the agent do.
      const skillFile = depth === 0 && entry.isSymbolicLink && entry.name.toLowerCase() === "skill.md";
      const read = await readOne(
        path,
        file,
        entry.isSymbolicLink ? await realOfDir() : dir,
        entry.isSymbolicLink,
        fs,
        limits,
        total,
        skillFile,
      );
      if ("reason" in read) skipped.push({ file, reason: read.reason });
      else {
        total += scannedBytes(read, limits);
        files.push(read);
      }
    }
  }
  return { files, skipped };
}

/** The bytes of `file` the audit scans (none of a binary, the cap of a truncated script). */
export function scannedBytes(file: AuditFile, limits: AuditReadLimits): number {
  return file.text === undefined ? 0 : file.truncated ? limits.maxFileBytes : file.size;
}

async function readOne(
  path: string,
  file: string,
  realDir: string,
  isLink: boolean,
  fs: Reads,
  limits: AuditReadLimits,
  total: number,
  skillFile = false,
): Promise<AuditFile | { reason: string }> {
  try {
    let target = path;
    if (isLink) {
      target = await fs.realpath(path);
      if (skillFile) {
        if (basename(target).toLowerCase() !== "skill.md")
          return { reason: `a link to ${basename(target)}, not to a file named SKILL.md: not read` };
      } else if (!isSameOrInside(target, realDir))
        return { reason: "a link that leads out of the skill folder" };
    }
    const byName = kindByName(file);
    const { readWithStat } = fs;
    if (readWithStat && !byName) return readFromDisk(readWithStat, fs, target, file, limits, total);
    const stat = await fs.stat(target);
    if (!stat.isFile) return { reason: "not a regular file" };
    if (byName) return { path: file, size: stat.size, mode: stat.mode, binary: byName };
    if (stat.size > limits.maxFileBytes) {
      const head = await fs.readHead(target, 8192);
      const kind = binaryKind(file, head);
      if (kind) return { path: file, size: stat.size, mode: stat.mode, binary: kind };
      if (isLargeScript(file, head, stat.mode) && total + limits.maxFileBytes <= limits.maxTotalBytes)
        return truncatedScript(file, await fs.readHead(target, limits.maxFileBytes), stat.size, stat.mode);
      return { reason: `${stat.size} bytes, over the ${limits.maxFileBytes}-byte scan limit` };
    }
    if (total + stat.size > limits.maxTotalBytes)
      return { reason: `the skill holds more than ${limits.maxTotalBytes} bytes of text` };
    return auditFileOf(file, await fs.readFile(target), stat.mode, limits);
  } catch (error) {
    return { reason: `not readable (${codeOf(error)})` };
  }
}

/**
 * {@link readOne} on the real disk: one open gives the stat and the bytes, read into the scratch buffer
 * when the file is within the caps and decoded from it before anything else reads (no await in between),
 * or only its head when it is over them. The same answers as the stat, head and whole-file reads.
 */
async function readFromDisk(
  readWithStat: NonNullable<Reads["readWithStat"]>,
  fs: Reads,
  target: string,
  file: string,
  limits: AuditReadLimits,
  total: number,
): Promise<AuditFile | { reason: string }> {
  const { stat, bytes } = readWithStat(target, limits.maxFileBytes + 1, (room) =>
    scratchFor(room <= limits.maxFileBytes && total + room <= limits.maxTotalBytes ? room : HEAD_BYTES),
  );
  if (!stat.isFile) return { reason: "not a regular file" };
  if (stat.size > limits.maxFileBytes) {
    const kind = binaryKind(file, bytes);
    if (kind) return { path: file, size: stat.size, mode: stat.mode, binary: kind };
    if (isLargeScript(file, bytes, stat.mode) && total + limits.maxFileBytes <= limits.maxTotalBytes)
      return truncatedScript(file, await fs.readHead(target, limits.maxFileBytes), stat.size, stat.mode);
    return { reason: `${stat.size} bytes, over the ${limits.maxFileBytes}-byte scan limit` };
  }
  if (total + stat.size > limits.maxTotalBytes)
    return { reason: `the skill holds more than ${limits.maxTotalBytes} bytes of text` };
  // A size of 0 with bytes (procfs): read whole, as the file system reads such a file.
  if (stat.size === 0 && bytes.length > 0)
    return auditFileOf(file, await fs.readFile(target), stat.mode, limits);
  return auditFileOf(file, bytes, stat.mode, limits);
}

/**
 * A file whose bytes are already in hand (a remote skill's, fetched and verified), as the rules see it, or
 * the reason it is not scanned: the same kinds and caps as a file read from disk.
 */
export function auditFileOf(
  path: string,
  bytes: Uint8Array,
  mode = 0o644,
  limits: AuditReadLimits = DEFAULT_AUDIT_LIMITS,
): AuditFile | { reason: string } {
  const kind = binaryKind(path, bytes);
  if (kind) return { path, size: bytes.length, mode, binary: kind };
  if (bytes.length > limits.maxFileBytes)
    return isLargeScript(path, bytes, mode)
      ? truncatedScript(path, bytes.subarray(0, limits.maxFileBytes), bytes.length, mode)
      : { reason: `${bytes.length} bytes, over the ${limits.maxFileBytes}-byte scan limit` };
  return { path, size: bytes.length, mode, text: decode(bytes) };
}

function codeOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? "error";
}
