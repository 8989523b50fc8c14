/**
 * @module Reads a small text file (config, state) with a size cap: a 35 MB `state.json` once cost `list`
 * 7.5 s and 861 MB. Over the cap, nothing is read.
 */
import type { FileSystem } from "./file-system.js";
import { syncReads } from "./sync-reads.js";

/** Default cap for skillset's own JSON files (1 MiB); real ones are a few KiB. */
export const MAX_SETTINGS_FILE_BYTES = 1024 * 1024;

/** The `code` of the error {@link readCappedText} throws for a file over its cap. */
export const TOO_LARGE_CODE = "EFBIG";

/** The error {@link readCappedText} throws for a file over its cap. */
export interface TooLargeError extends NodeJS.ErrnoException {
  code: typeof TOO_LARGE_CODE;
  /** The file's size and the cap, in bytes. */
  size: number;
  limit: number;
}

/**
 * The text of `file`, refused before reading when its size is over `maxBytes` (a `TooLargeError`, code
 * `EFBIG`, with a message naming the file, its size and the cap; the fix is the caller's to give, as it
 * depends on whose file it is). Other failures are the file system's errors.
 */
export async function readCappedText(
  fs: FileSystem,
  file: string,
  maxBytes: number = MAX_SETTINGS_FILE_BYTES,
): Promise<string> {
  // Synchronous when the file system has its synchronous reads: a start-up reads a dozen of these (config,
  // state, agents' settings), mostly absent, and each async read is a thread-pool trip or two.
  const sync = syncReads(fs);
  const { size } = sync ? sync.statSync(file) : await fs.stat(file);
  if (size > maxBytes) {
    const error = new Error(
      `${file} is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${(maxBytes / 1024 / 1024).toFixed(0)} MiB limit; it is not read`,
    ) as TooLargeError;
    error.code = TOO_LARGE_CODE;
    error.path = file;
    error.size = size;
    error.limit = maxBytes;
    throw error;
  }
  return sync ? sync.readTextSync(file) : fs.readText(file);
}
