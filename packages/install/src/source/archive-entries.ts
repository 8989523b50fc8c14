/**
 * @module What an archive holds once its entries have passed the checks, and how it is written: in memory
 * (bounded by the limits, each entry counted as it is read) until the whole archive is known to be safe,
 * then written at once. Folders and links count too: a link is written as a copy of its file.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { safeRelativePath } from "../apply/safe-relative-path.js";
import { type InstallLimits, LimitCounter } from "../limits.js";
import { checkInterrupted } from "./interrupted.js";

/** Collects checked entries of one archive. */
export class ArchiveEntries {
  readonly files = new Map<string, Buffer>();
  readonly folders = new Set<string>();
  /** Links by path → the archive path they point to (resolved against the archive's root). */
  readonly links = new Map<string, string>();
  readonly counter: LimitCounter;

  constructor(
    limits: InstallLimits,
    readonly label: string,
  ) {
    this.counter = new LimitCounter(limits, label);
  }

  /** A safe, normalised path for `raw`, or a thrown `install-unsafe-path`. */
  path(raw: string): string {
    return safeRelativePath(raw, this.label);
  }

  /** Checks a file's declared size before any of its bytes are read. */
  declareFile(path: string, size: number): void {
    this.counter.addFile(path, size);
  }

  /** Records a folder (counted: an archive of empty folders would exhaust inodes just the same). */
  addFolder(path: string): void {
    if (path === "" || this.folders.has(path)) return;
    this.counter.addFolder();
    this.folders.add(path);
  }

  /**
   * Records a link: allowed only when it resolves to a file inside the archive (checked in `write`). It
   * counts as a file now, and its copy's bytes count when it is resolved.
   */
  addLink(path: string, target: string, relativeToEntry: boolean): void {
    const base = relativeToEntry ? dirname(path) : "";
    const joined = target.startsWith("/") ? target : join(base, target);
    if (target.startsWith("/") || joined.split("/").includes("..") || joined.startsWith("../"))
      throw refused(this.label, path, `a link to ${JSON.stringify(target)}, outside the archive`);
    this.counter.addFile(path, 0);
    this.links.set(path, joined);
  }

  refuse(path: string, reason: string): never {
    throw refused(this.label, path, reason);
  }

  /**
   * Writes everything under `into`; links become copies of the file they name, counted against the total
   * before anything is written (a thousand links to one 10 MB file are 10 GB on disk).
   */
  async write(into: string, signal?: AbortSignal): Promise<void> {
    for (const [path, target] of this.links) {
      const content = this.files.get(target);
      if (!content)
        throw refused(
          this.label,
          path,
          `a link to ${JSON.stringify(target)}, which is not a file in the archive`,
        );
      this.counter.addBytes(content.byteLength);
      this.files.set(path, content);
    }
    for (const folder of this.folders) {
      checkInterrupted(signal);
      await mkdir(join(into, folder), { recursive: true });
    }
    for (const [path, content] of this.files) {
      checkInterrupted(signal);
      await mkdir(dirname(join(into, path)), { recursive: true });
      await writeFile(join(into, path), content, { flag: "wx" });
    }
  }
}

function refused(label: string, path: string, reason: string): SkillsetError {
  return new SkillsetError(
    "install-unsafe-entry",
    `Refused ${label}: ${path}: ${reason}. Nothing was installed.`,
  );
}
