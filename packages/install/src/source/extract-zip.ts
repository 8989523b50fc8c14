/**
 * @module Reads a `.zip` with `yauzl` (names taken raw, so our path rule decides) and admits only files,
 * folders and links that stay inside; declared sizes and each entry's compression ratio are checked before
 * it is inflated, and inflating stops at the declared size (or an interruption).
 */
import { SkillsetError } from "@skillset/core/model";
import yauzl, { type Entry, type ZipFile } from "yauzl";
import type { InstallLimits } from "../limits.js";
import { ArchiveEntries } from "./archive-entries.js";
import { checkInterrupted, interruptedError } from "./interrupted.js";

const TYPE_MASK = 0o170000;
/** Unix file types (the `S_IFMT` bits of the mode kept in the high half of the external attributes). */
const FILE_TYPES = new Map<number, string>([
  [0o010000, "a FIFO"],
  [0o020000, "a device file"],
  [0o060000, "a device file"],
  [0o140000, "a socket"],
]);

/** Parses `archive` into checked entries; throws on the first unsafe or oversized one. */
export async function readZip(
  archive: Buffer,
  limits: InstallLimits,
  label: string,
  signal?: AbortSignal,
): Promise<ArchiveEntries> {
  const entries = new ArchiveEntries(limits, label);
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      archive,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: false },
      (error, file) =>
        error
          ? reject(
              new SkillsetError(
                "install-bad-archive",
                `Cannot read ${label}: ${error.message}. It is not a valid .zip; nothing was installed.`,
                { cause: error },
              ),
            )
          : resolve(file),
    ),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on("error", reject);
      zip.on("end", () => resolve());
      zip.on("entry", (entry: Entry) => {
        admit(zip, entry, entries, signal).then(() => zip.readEntry(), reject);
      });
      zip.readEntry();
    });
  } catch (error) {
    if (SkillsetError.isInstance(error)) throw error;
    throw new SkillsetError(
      "install-bad-archive",
      `Cannot read ${label}: ${(error as Error).message}. It is not a valid .zip; nothing was installed.`,
      { cause: error },
    );
  } finally {
    zip.close();
  }
  return entries;
}

async function admit(
  zip: ZipFile,
  entry: Entry,
  entries: ArchiveEntries,
  signal: AbortSignal | undefined,
): Promise<void> {
  checkInterrupted(signal);
  const raw = (entry.fileName as unknown as Buffer).toString("utf8");
  const path = entries.path(raw);
  const mode = (entry.externalFileAttributes >>> 16) & TYPE_MASK;
  if (raw.endsWith("/") || mode === 0o040000) {
    entries.addFolder(path);
    return;
  }
  const refusedKind = FILE_TYPES.get(mode);
  if (refusedKind) entries.refuse(path, `${refusedKind}; skills hold only files and folders`);
  entries.declareFile(path, entry.uncompressedSize);
  entries.counter.checkUnpacked(entry.uncompressedSize, entry.compressedSize);
  const content = await readEntry(zip, entry, entry.uncompressedSize, signal);
  if (mode === 0o120000) entries.addLink(path, content.toString("utf8"), true);
  else entries.files.set(path, content);
}

/** The entry's bytes; more than it declared (already checked against the limits) is an error. */
function readEntry(
  zip: ZipFile,
  entry: Entry,
  declared: number,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let total = 0;
      stream.on("data", (chunk: Buffer) => {
        total += chunk.length;
        if (signal?.aborted) {
          stream.destroy();
          reject(interruptedError(signal));
        } else if (total > declared) {
          stream.destroy();
          reject(
            new SkillsetError(
              "install-unsafe-entry",
              `Refused ${String(entry.fileName)}: it inflates past its declared size of ${declared} bytes. Nothing was installed.`,
            ),
          );
        } else chunks.push(chunk);
      });
      stream.on("error", reject);
      stream.on("end", () => resolve(Buffer.concat(chunks)));
    }),
  );
}
