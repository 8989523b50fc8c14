/**
 * @module The skills a fetched source offers: every folder holding a `SKILL.md` (a regular file), found
 * without following links, not looking inside a skill for more, `.git` and `node_modules` skipped.
 */
import { readdirSync } from "node:fs";
import { lstat } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { UNHASHED_FOLDERS } from "../digest/list-hashed-files.js";

/** One skill in a source. */
export interface SourceSkill {
  /** Frontmatter name, else the folder name. */
  name: string;
  description: string;
  /** Absolute folder in the fetched tree. */
  dir: string;
  /** Folder relative to the source root (`/`-separated, `.` for the root itself). */
  path: string;
}

/** Deep enough for `plugins/<plugin>/skills/<skill>` layouts under a sub-folder, bounded for hostile trees. */
const MAX_DEPTH = 8;
const MAX_FOLDERS = 20_000;

/** Finds skills under `root` (or `root/subpath`). A `subpath` that is a link is refused. */
export async function findSourceSkills(root: string, subpath?: string): Promise<SourceSkill[]> {
  const { parseSkillFileSync } = await loadParser();
  const start = subpath ? join(root, subpath) : root;
  if (subpath) {
    const info = await lstat(start).catch(() => undefined);
    if (!info) throw new SkillsetError("install-no-skills", `The source has no folder ${subpath}.`);
    if (info.isSymbolicLink())
      throw new SkillsetError(
        "install-unsafe-entry",
        `Refused ${subpath}: it is a symbolic link; only real folders are installed. Nothing was installed.`,
      );
  }
  const found: SourceSkill[] = [];
  let folders = 0;
  // Synchronous: a source is read once, folder by folder, and a promise per folder costs more than the read.
  const visit = (folder: string, depth: number): void => {
    if (++folders > MAX_FOLDERS) return;
    const entries = readdirSync(folder, { withFileTypes: true });
    const skillFile = entries.find((entry) => entry.name === "SKILL.md" && entry.isFile());
    if (skillFile) {
      found.push(describe(root, folder, parseSkillFileSync));
      return;
    }
    if (depth >= MAX_DEPTH) return;
    for (const entry of entries) {
      if (entry.isDirectory() && !UNHASHED_FOLDERS.has(entry.name))
        visit(join(folder, entry.name), depth + 1);
    }
  };
  visit(start, 0);
  return found.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
}

/**
 * The parser, imported on first use and then kept: `fetchSource` starts loading it while the source is
 * being fetched, so that it is ready when the fetch ends.
 */
export function loadParser(): Promise<typeof import("@skillset/core/parser")> {
  parser ??= import("@skillset/core/parser");
  return parser;
}
let parser: Promise<typeof import("@skillset/core/parser")> | undefined;

function describe(
  root: string,
  dir: string,
  parseSkillFileSync: typeof import("@skillset/core/parser")["parseSkillFileSync"],
): SourceSkill {
  const parsed = parseSkillFileSync(join(dir, "SKILL.md"));
  const folderName = dir.split(sep).pop() ?? "";
  const path = relative(root, dir).split(sep).join("/") || ".";
  return {
    name: parsed.skill?.frontmatter.name ?? parsed.skill?.name ?? folderName,
    description: parsed.skill?.description ?? "",
    dir,
    path,
  };
}
