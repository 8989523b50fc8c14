/**
 * @module Bounds on what one skill may bring in (SPEC §14): a hostile source cannot fill the disk or
 * exhaust inodes, whatever form it arrives in.
 */
import { SkillsetError } from "@skillset/core/model";

/** Per-skill (and per-download) bounds. */
export interface InstallLimits {
  /** Largest single file. Default 10 MiB. */
  maxFileBytes: number;
  /** Largest total of all files. Default 50 MiB. */
  maxTotalBytes: number;
  /** Most files. Default 2,000. */
  maxFiles: number;
  /** How long one network request may take, in ms. Default 30 s. */
  timeoutMs: number;
}

export const defaultLimits: InstallLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFiles: 2_000,
  timeoutMs: 30_000,
};

/** The defaults with `overrides` merged in (undefined values ignored). */
export function resolveLimits(overrides: Partial<InstallLimits> = {}): InstallLimits {
  const limits = { ...defaultLimits };
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === "number" && Number.isFinite(value) && value > 0)
      limits[key as keyof InstallLimits] = value;
  }
  return limits;
}

/**
 * Counts files and bytes against the limits as they arrive; throws `install-too-large` with the limit
 * that was crossed and how to raise it.
 */
export class LimitCounter {
  files = 0;
  bytes = 0;
  constructor(
    readonly limits: InstallLimits,
    readonly what: string,
  ) {}

  /** Refuses early when a listing already names more files than allowed (nothing fetched yet). */
  expectFiles(count: number): void {
    if (count > this.limits.maxFiles)
      throw tooLarge(`${this.what} lists ${count} files, more than ${this.limits.maxFiles}`);
  }

  /** Adds one file of `size` bytes (a declared size is enough: nothing is read before this check). */
  addFile(path: string, size: number): void {
    this.files += 1;
    this.bytes += size;
    if (size > this.limits.maxFileBytes)
      throw tooLarge(
        `${path} in ${this.what} is ${size} bytes, over the ${this.limits.maxFileBytes}-byte limit per file`,
      );
    if (this.files > this.limits.maxFiles)
      throw tooLarge(`${this.what} has more than ${this.limits.maxFiles} files`);
    if (this.bytes > this.limits.maxTotalBytes)
      throw tooLarge(`${this.what} holds more than ${this.limits.maxTotalBytes} bytes`);
  }
}

function tooLarge(reason: string): SkillsetError {
  return new SkillsetError(
    "install-too-large",
    `Refused: ${reason}. Nothing was installed. Raise the limit with --max-file-bytes, --max-total-bytes or --max-files if you trust the source.`,
  );
}
