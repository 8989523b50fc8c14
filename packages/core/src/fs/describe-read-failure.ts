/**
 * @module What went wrong reading a file, in words for a message ("it is a FIFO (named pipe), not a
 * regular file") rather than a bare error code. The caller adds the fix: it depends on whose file it is
 * (a config file a person writes, a state file skillset writes).
 */
import { describeKind, errorFileKind, NOT_REGULAR_CODE } from "./file-kind.js";
import { TOO_LARGE_CODE, type TooLargeError } from "./read-capped-text.js";

/** Why reading a file failed, as a clause about the file ("it does not exist"). */
export function describeReadFailure(error: unknown): string {
  const failure = error as Partial<Pick<TooLargeError, "size" | "limit">> & { code?: string };
  switch (failure.code) {
    case "ENOENT":
      return "it does not exist";
    case "ENOTDIR":
      return "a part of its path is a file, not a folder";
    case "EISDIR":
      return "it is a folder, not a file";
    case NOT_REGULAR_CODE:
      return `it is ${describeKind(errorFileKind(error))}, not a regular file`;
    case TOO_LARGE_CODE:
      return failure.size === undefined || failure.limit === undefined
        ? "it is too large to read"
        : `it is ${mebibytes(failure.size, 2)} MiB, over the ${mebibytes(failure.limit, 0)} MiB limit, and was not read`;
    case "EACCES":
    case "EPERM":
      return "permission denied (your user may not read it)";
    case "ELOOP":
      return "its symbolic links form a loop";
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

function mebibytes(bytes: number, digits: number): string {
  return (bytes / 1024 / 1024).toFixed(digits);
}
