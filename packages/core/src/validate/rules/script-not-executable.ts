/**
 * @module Lint rule `script-not-executable`: a file in `scripts/` that starts with a shebang (`#!`) is
 * meant to be run directly (`scripts/run.sh`), which fails without the run bit. Scripts without a
 * shebang are run through an interpreter (`python scripts/x.py`) and need no run bit, so they are not
 * flagged. Skipped on Windows, which has no run bit.
 */
import { join } from "node:path";
import type { FileSystem } from "../../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import type { LintRule } from "../lint-rule.js";

/** How deep below `scripts/` and how many files the rule looks at. */
const MAX_DEPTH = 3;
const MAX_FILES = 500;

async function listScripts(fs: FileSystem, dir: string): Promise<string[]> {
  const files: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    let entries: Awaited<ReturnType<FileSystem["readdir"]>>;
    try {
      entries = await fs.readdir(folder);
    } catch {
      return;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (files.length >= MAX_FILES) return;
      const path = join(folder, entry.name);
      if (entry.isDirectory && depth < MAX_DEPTH) await visit(path, depth + 1);
      else if (entry.isFile || entry.isSymbolicLink) files.push(path);
    }
  };
  await visit(dir, 1);
  return files;
}

export const scriptNotExecutable: LintRule = {
  id: "script-not-executable",
  severity: "warning",
  summary: "Scripts that start with #! have the run bit.",
  fix: "Run chmod +x on the script (and commit the mode).",
  async check({ skill, fs }) {
    if (process.platform === "win32") return [];
    const found: Diagnostic[] = [];
    for (const path of await listScripts(fs, join(skill.dir, "scripts"))) {
      try {
        const stat = await fs.stat(path);
        if (!stat.isFile || (stat.mode & 0o111) !== 0) continue;
        const head = await fs.readHead(path, 2);
        if (head[0] !== 0x23 || head[1] !== 0x21) continue;
      } catch {
        continue;
      }
      const name = path.slice(skill.dir.length + 1).replaceAll("\\", "/");
      found.push(
        diagnostic(
          scriptNotExecutable.severity,
          scriptNotExecutable.id,
          `${name} starts with #! but is not executable, so running it directly fails. Run chmod +x ${name} (and commit the mode).`,
          path,
          { line: 1, column: 1 },
        ),
      );
    }
    return found;
  },
};
