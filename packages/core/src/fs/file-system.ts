/**
 * @module The one interface through which skillset touches the disk (SPEC §1), so tests can use temp dirs
 * and benchmarks can measure the walker against a plain walk of the same files.
 */
import type { FileKind } from "./file-kind.js";

/** What `stat`/`lstat` report; only the fields skillset uses. */
export interface FileStat {
  /** What the path is; set by the node file system (test file systems may leave it out). */
  kind?: FileKind;
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
  size: number;
  mtimeMs: number;
  /**
   * When the inode last changed (content, metadata, a rename): unlike `mtimeMs`, nothing can set it back,
   * so the metadata cache compares it too. A file system without one may repeat `mtimeMs`.
   */
  ctimeMs: number;
  /** The inode number: a file replaced by another (say, renamed over it) has a new one; 0 when unknown. */
  ino: number;
  /** Permission bits (`mode & 0o777`). */
  mode: number;
}

/** One directory entry. `isSymbolicLink` entries need a `stat` to know what they point at. */
export interface DirEntry {
  name: string;
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
}

/**
 * Synchronous variants of the reads that discovery repeats for every skill folder and file. On a CLI or
 * agent start-up that loads thousands of small files, a synchronous call costs a fraction of an async one
 * (no thread-pool round trip, no promise), so the walker, the parser and the registry use these when a
 * file system has them. Each throws the Node error (`code` set) on failure.
 */
export interface SyncFileReads {
  readdirSync(path: string): DirEntry[];
  statSync(path: string): FileStat;
  /** Reads at most `length` bytes from the start of the file. */
  readHeadSync(path: string, length: number): Uint8Array;
  readFileSync(path: string): Uint8Array;
  readTextSync(path: string): string;
  /**
   * Optional: the stat of a file and at most `length` bytes from its start, from one `open` (one path
   * lookup instead of a `stat` and a read). Reads no bytes when it is not a regular file, and never
   * blocks on a FIFO. The bytes may share memory with other reads' (copy them to keep them for long).
   * Without it, callers use `statSync` and a read.
   */
  readHeadWithStatSync?(path: string, length: number): StatAndHead;
  /** Optional: `lstat` (the link itself); with `realpathSync`, lets a sync reader check a link's target. */
  lstatSync?(path: string): FileStat;
  /** Optional: the canonical real path. */
  realpathSync?(path: string): string;
}

/** What {@link SyncFileReads.readHeadWithStatSync} returns. */
export interface StatAndHead {
  stat: FileStat;
  /** Empty when `stat` is not a regular file. */
  bytes: Uint8Array;
}

/**
 * File-system access. Every async method rejects with the Node error (`code` set) on failure.
 *
 * The {@link SyncFileReads} methods are optional; without them every read is async. They must do what
 * their async twins do: a wrapper that overrides `readdir` (say, to inject EACCES) must override
 * `readdirSync` too or leave it out. The node file system defines them as non-enumerable, so a wrapper
 * built by spreading it (`{ ...nodeFileSystem, readdir }`) does not inherit them and stays on its own
 * async methods.
 */
export interface FileSystem extends Partial<SyncFileReads> {
  /**
   * The reads (`readFile`, `readText`, `readHead` and their sync twins) open only regular files: anything
   * else (a folder, FIFO, socket, device) is refused without blocking, with `code` `EISDIR` or
   * `ENOTREGULAR` (see `notRegularFileError`).
   */
  readFile(path: string): Promise<Uint8Array>;
  readText(path: string): Promise<string>;
  /** Reads at most `length` bytes from the start of the file. */
  readHead(path: string, length: number): Promise<Uint8Array>;
  stat(path: string): Promise<FileStat>;
  lstat(path: string): Promise<FileStat>;
  readdir(path: string): Promise<DirEntry[]>;
  realpath(path: string): Promise<string>;
  exists(path: string): Promise<boolean>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
  mkdir(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string): Promise<void>;
}
