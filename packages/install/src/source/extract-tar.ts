/**
 * @module Reads a `.tar.gz` (or plain `.tar`) with `tar`'s parser — never its extractor — and admits only
 * files, folders and links that stay inside, each checked before its bytes are read.
 */
import { Parser, type ReadEntry } from "tar";
import type { InstallLimits } from "../limits.js";
import { ArchiveEntries } from "./archive-entries.js";

/** Parses `archive` into checked entries; throws on the first unsafe or oversized one. */
export async function readTar(
  archive: Buffer,
  limits: InstallLimits,
  label: string,
): Promise<ArchiveEntries> {
  const entries = new ArchiveEntries(limits, label);
  let failure: unknown;
  const parser = new Parser({
    strict: true,
    onReadEntry: (entry: ReadEntry) => {
      if (failure) return void entry.resume();
      try {
        admit(entry, entries);
      } catch (error) {
        failure = error;
        entry.resume();
        parser.abort(error as Error);
      }
    },
  });
  await new Promise<void>((resolve, reject) => {
    parser.on("error", (error: Error) => reject(failure ?? error));
    parser.on("abort", () => reject(failure));
    parser.on("end", () => resolve());
    parser.end(archive);
  });
  if (failure) throw failure;
  return entries;
}

function admit(entry: ReadEntry, entries: ArchiveEntries): void {
  const path = entries.path(entry.path);
  switch (entry.type) {
    case "Directory":
      if (path !== "") entries.folders.add(path);
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
