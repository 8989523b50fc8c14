/**
 * @module Reads a small text file (config, state) with a size cap: a 35 MB `state.json` once cost `list`
 * 7.5 s and 861 MB. Over the cap, nothing is read.
 */
import type { FileSystem } from "./file-system.js";

/** Default cap for skillset's own JSON files (1 MiB); real ones are a few KiB. */
export const MAX_SETTINGS_FILE_BYTES = 1024 * 1024;

/** The `code` of the error {@link readCappedText} throws for a file over its cap. */
export const TOO_LARGE_CODE = "EFBIG";

/**
 * The text of `file`, refused before reading when its size is over `maxBytes` (error `code` `EFBIG`, with
 * a message naming the file, its size and the cap). Other failures are the file system's errors.
 */
export async function readCappedText(
  fs: FileSystem,
  file: string,
  maxBytes: number = MAX_SETTINGS_FILE_BYTES,
): Promise<string> {
  const { size } = await fs.stat(file);
  if (size > maxBytes) {
    const error: NodeJS.ErrnoException = new Error(
      `${file} is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${(maxBytes / 1024 / 1024).toFixed(0)} MiB limit; ` +
        "it is not read. Move it aside (or delete it) and let skillset write a fresh one",
    );
    error.code = TOO_LARGE_CODE;
    error.path = file;
    throw error;
  }
  return fs.readText(file);
}
