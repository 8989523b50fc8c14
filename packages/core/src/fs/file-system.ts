/**
 * @module The one interface through which skillset touches the disk (SPEC §1), so tests can use temp dirs
 * and benchmarks can measure the walker against a plain walk of the same files.
 */

/** What `stat`/`lstat` report; only the fields skillset uses. */
export interface FileStat {
  isFile: boolean;
  isDirectory: boolean;
  isSymbolicLink: boolean;
  size: number;
  mtimeMs: number;
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

/** Asynchronous file-system access. Every method rejects with the Node error (`code` set) on failure. */
export interface FileSystem {
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
