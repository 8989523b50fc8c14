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
  /**
   * Most bytes an archive may unpack to per byte it holds, checked as it unpacks (once past 1 MiB, so
   * that small archives never trip it). Default 200: text packs 3 to 10 times, a bomb 1,000 times.
   */
  maxCompressionRatio: number;
}

export const defaultLimits: InstallLimits = {
  maxFileBytes: 10 * 1024 * 1024,
  maxTotalBytes: 50 * 1024 * 1024,
  maxFiles: 2_000,
  timeoutMs: 30_000,
  maxCompressionRatio: 200,
};

/** Unpacked bytes below which the compression ratio is not checked. */
const RATIO_FLOOR = 1024 * 1024;

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
 * Counts files, folders and bytes against the limits as they arrive; throws `install-too-large` naming
 * the limit that was crossed, its value, and the flag that raises it.
 */
export class LimitCounter {
  files = 0;
  folders = 0;
  bytes = 0;
  constructor(
    readonly limits: InstallLimits,
    readonly what: string,
  ) {}

  /** Refuses early when a listing already names more files than allowed (nothing fetched yet). */
  expectFiles(count: number): void {
    if (count > this.limits.maxFiles)
      throw tooLarge(`${this.what} lists ${count} files, more than ${this.limits.maxFiles}`, "--max-files");
  }

  /** Adds one file of `size` bytes (a declared size is enough: nothing is read before this check). */
  addFile(path: string, size: number): void {
    this.files += 1;
    if (size > this.limits.maxFileBytes)
      throw tooLarge(
        `${path} in ${this.what} is ${size} bytes, over the ${this.limits.maxFileBytes}-byte limit per file`,
        "--max-file-bytes",
      );
    if (this.files > this.limits.maxFiles)
      throw tooLarge(`${this.what} has more than ${this.limits.maxFiles} files`, "--max-files");
    this.addBytes(size);
  }

  /** Adds bytes written for an entry already counted (a link copied as the file it names). */
  addBytes(size: number): void {
    this.bytes += size;
    if (this.bytes > this.limits.maxTotalBytes)
      throw tooLarge(`${this.what} holds more than ${this.limits.maxTotalBytes} bytes`, "--max-total-bytes");
  }

  /** Adds one folder: folders cost inodes too, so they are bounded by the file limit, counted apart. */
  addFolder(): void {
    this.folders += 1;
    if (this.folders > this.limits.maxFiles)
      throw tooLarge(`${this.what} has more than ${this.limits.maxFiles} folders`, "--max-files");
  }

  /**
   * Checks an archive's unpacked size so far against the bytes it took packed: the ratio limit, and
   * (for the tar stream, whose headers and padding are not files) the total limit with room for headers.
   */
  checkUnpacked(unpacked: number, packed: number): void {
    const ratio = unpacked / Math.max(1, packed);
    if (unpacked > RATIO_FLOOR && ratio > this.limits.maxCompressionRatio)
      throw tooLarge(
        `${this.what} unpacks to more than ${Math.floor(ratio)} times its packed size (${unpacked} bytes from ${packed}), over the compression ratio limit of ${this.limits.maxCompressionRatio}`,
        "--max-compression-ratio",
      );
    const room = this.limits.maxTotalBytes + 1024 * (2 * this.limits.maxFiles + 64);
    if (unpacked > room)
      throw tooLarge(
        `${this.what} unpacks to more than ${room} bytes, over the ${this.limits.maxTotalBytes}-byte total limit`,
        "--max-total-bytes",
      );
  }
}

function tooLarge(reason: string, flag: string): SkillsetError {
  return new SkillsetError(
    "install-too-large",
    `Refused: ${reason}. Nothing was installed. Raise the limit with ${flag} if you trust the source.`,
  );
}
