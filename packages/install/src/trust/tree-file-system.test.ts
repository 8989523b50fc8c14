import { chmodSync } from "node:fs";
import { dirname, join } from "node:path";
import { type FileSystem, nodeFileSystem } from "@skillset/core/fs";
import { parseSkillFile } from "@skillset/core/parser";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { lintSkillFiles, validateSkillDir } from "@skillset/core/validate";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { corpusDir, hasCorpus, listSkillFiles, NEEDS_CORPUS } from "../../../core/src/test/corpus.js";
import { copySkillTree } from "../apply/copy-skill-tree.js";
import { defaultLimits } from "../limits.js";
import { treeFileSystem } from "./tree-file-system.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-tree-fs-");
});
afterEach(() => temp.cleanup());

/** What a call answers: its value, or the error code it fails with. */
async function outcome(call: () => unknown): Promise<unknown> {
  try {
    const value = await call();
    return value instanceof Uint8Array ? Buffer.from(value).toString("hex") : value;
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code };
  }
}

/** The answers of `fs` about `path` that validation and lint rely on. */
async function answers(fs: FileSystem, path: string): Promise<unknown> {
  const stat = await outcome(() => fs.stat(path));
  const kind =
    stat &&
    typeof stat === "object" &&
    "isFile" in stat &&
    "isDirectory" in stat &&
    "size" in stat &&
    "mode" in stat
      ? // A folder's size is the file system's own business; nothing reads it.
        {
          isFile: stat.isFile,
          isDirectory: stat.isDirectory,
          size: stat.isFile ? stat.size : 0,
          mode: stat.mode,
        }
      : stat;
  const entries = await outcome(async () =>
    (await fs.readdir(path)).map((entry) => `${entry.name} ${entry.isFile} ${entry.isDirectory}`).sort(),
  );
  return {
    kind,
    entries,
    bytes: await outcome(() => fs.readFile(path)),
    head: await outcome(() => fs.readHead(path, 3)),
    exists: await fs.exists(path),
    realpath: await outcome(() => fs.realpath(path)),
  };
}

describe("treeFileSystem", () => {
  it("answers like the disk does for the copy: files, folders, missing and misused paths", async () => {
    await temp.write({
      "src/SKILL.md": "---\nname: s\ndescription: d\n---\nSee [guide](references/guide.md).\n",
      "src/references/guide.md": "guide",
      "src/scripts/run.sh": "#!/bin/sh\n",
      "src/assets/.keep": "",
    });
    chmodSync(temp.join("src/scripts/run.sh"), 0o755);
    const dir = temp.join("copy", "s");
    const tree = copySkillTree(temp.join("src"), dir, defaultLimits, "skill s");
    const fs = treeFileSystem(dir, tree);
    const paths = [
      "",
      "SKILL.md",
      "references",
      "references/",
      "references/guide.md",
      "references/guide.md/",
      "references/missing.md",
      "scripts/run.sh",
      "assets",
      "assets/.keep",
      "./references/../SKILL.md",
      "nothing/deeper",
    ];
    for (const path of paths) {
      const absolute = path === "" ? dir : `${dir}/${path}`;
      expect(await answers(fs, absolute), path).toEqual(await answers(nodeFileSystem, absolute));
    }
    await expect(fs.writeFile(join(dir, "x"), "x")).rejects.toMatchObject({ code: "EROFS" });
  });

  it.skipIf(!hasCorpus())(
    `validation, lint and parse agree with the disk on every skill of the corpus ${NEEDS_CORPUS}`,
    { timeout: 120_000 },
    async () => {
      const folders = [...new Set(listSkillFiles(corpusDir()).map((file) => dirname(file)))];
      let compared = 0;
      for (const [index, folder] of folders.entries()) {
        const dir = temp.join(String(index), folder.split("/").pop()!);
        let tree: ReturnType<typeof copySkillTree>;
        try {
          tree = copySkillTree(folder, dir, defaultLimits, folder);
        } catch {
          continue; // Refused (a link out of the skill, too large): never examined.
        }
        const fs = treeFileSystem(dir, tree);
        const file = join(dir, "SKILL.md");
        expect(await validateSkillDir(dir, { mode: "strict", fs }), folder).toEqual(
          await validateSkillDir(dir, { mode: "strict" }),
        );
        expect(await lintSkillFiles([file], { fs }), folder).toEqual(await lintSkillFiles([file]));
        // The copy's modification time is not kept (nothing examined reads it).
        const parsed = await parseSkillFile(file);
        if (parsed.skill) parsed.skill.mtimeMs = 0;
        expect(await parseSkillFile(file, { fs }), folder).toEqual(parsed);
        compared += 1;
      }
      expect(compared).toBeGreaterThan(folders.length * 0.9);
    },
  );
});
