/**
 * @module Reads a `.tar.gz` (or plain `.tar`) with `tar`'s parser — never its extractor — and admits only
 * files, folders and links that stay inside, each checked before its bytes are read. The gzip layer is
 * unpacked here, chunk by chunk, so that the unpacked size and the compression ratio are checked as it
 * goes and the first breach (or an interruption) stops it; the parser only ever sees plain tar.
 */
import { Readable } from "node:stream";
import { createGunzip } from "node:zlib";
import { SkillsetError } from "@skillset/core/model";
import { Parser, type ReadEntry } from "tar";
import type { InstallLimits } from "../limits.js";
import { ArchiveEntries } from "./archive-entries.js";
import { checkInterrupted } from "./interrupted.js";

/** Input is handed to gunzip in slices this big, so that checks run between them. */
const SLICE = 64 * 1024;

/** Parses `archive` into checked entries; throws on the first unsafe or oversized one. */
export async function readTar(
  archive: Buffer,
  limits: InstallLimits,
  label: string,
  signal?: AbortSignal,
): Promise<ArchiveEntries> {
  const entries = new ArchiveEntries(limits, label);
  let failure: unknown;
  const fail = (error: unknown) => {
    failure ??= error;
  };
  // Compressed layers are unpacked above, where they are bounded; the parser must not add its own.
  const parser = new Parser({
    strict: true,
    brotli: false,
    zstd: false,
    onReadEntry: (entry: ReadEntry) => {
      if (failure) return void entry.resume();
      try {
        admit(entry, entries);
      } catch (error) {
        fail(error);
        entry.resume();
        parser.abort(error as Error);
      }
    },
  });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("error", (error: Error) => reject(failure ?? error));
    parser.on("abort", (error: Error) => reject(failure ?? error));
    parser.on("end", () => resolve());
  });
  parsed.catch(fail);
  const gzipped = archive[0] === 0x1f && archive[1] === 0x8b;
  let unpacked = 0;
  try {
    if (!gzipped) {
      for (let offset = 0; offset < archive.length && !failure; offset += SLICE) {
        checkInterrupted(signal);
        parser.write(archive.subarray(offset, offset + SLICE));
        // Let a signal's handler run between slices: the parser works synchronously.
        await new Promise((resolve) => setImmediate(resolve));
      }
    } else {
      const gunzip = createGunzip();
      const input = Readable.from(slices(archive));
      input.pipe(gunzip);
      try {
        for await (const chunk of gunzip as AsyncIterable<Buffer>) {
          checkInterrupted(signal);
          if (unpacked === 0 && chunk[0] === 0x1f && chunk[1] === 0x8b)
            entries.refuse("the archive", "a gzip stream inside the gzip stream; skillset unpacks one layer");
          unpacked += chunk.length;
          entries.counter.checkUnpacked(unpacked, gunzip.bytesWritten);
          parser.write(chunk);
          if (failure) break;
        }
      } finally {
        input.destroy();
        gunzip.destroy();
      }
    }
  } catch (error) {
    fail(error);
  }
  if (failure) {
    parser.abort(failure as Error);
    throw unreadable(failure, label);
  }
  parser.end();
  await parsed.catch(fail);
  if (failure) throw unreadable(failure, label);
  return entries;
}

function* slices(archive: Buffer): Generator<Buffer> {
  for (let offset = 0; offset < archive.length; offset += SLICE)
    yield archive.subarray(offset, offset + SLICE);
}

/** Our refusals pass as they are; a damaged archive (bad gzip, bad header) gets a message saying so. */
function unreadable(error: unknown, label: string): unknown {
  if (SkillsetError.isInstance(error)) return error;
  return new SkillsetError(
    "install-bad-archive",
    `Cannot read ${label}: ${(error as Error)?.message ?? String(error)}. It is not a valid .tar.gz; nothing was installed.`,
    { cause: error },
  );
}

function admit(entry: ReadEntry, entries: ArchiveEntries): void {
  const path = entries.path(entry.path);
  switch (entry.type) {
    case "Directory":
      entries.addFolder(path);
      entry.resume();
      return;
    case "File":
    case "OldFile":
    case "ContiguousFile": {
      entries.declareFile(path, entry.size ?? 0);
      const chunks: Buffer[] = [];
      entry.on("data", (chunk: Buffer) => chunks.push(chunk));
      entry.on("end", () => entries.files.set(path, Buffer.concat(chunks)));
      return;
    }
    case "SymbolicLink":
      entries.addLink(path, entry.linkpath ?? "", true);
      entry.resume();
      return;
    case "Link":
      entries.addLink(path, entries.path(entry.linkpath ?? ""), false);
      entry.resume();
      return;
    case "CharacterDevice":
    case "BlockDevice":
      entries.refuse(path, "a device file; skills hold only files and folders");
      return;
    case "FIFO":
      entries.refuse(path, "a FIFO; skills hold only files and folders");
      return;
    default:
      entries.refuse(path, `an entry of type ${entry.type}, which skillset does not install`);
  }
}
