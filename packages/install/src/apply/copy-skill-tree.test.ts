import { execFileSync } from "node:child_process";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listHashedFiles } from "../digest/list-hashed-files.js";
import { defaultLimits } from "../limits.js";
import { copySkillTree, type SkillTree } from "./copy-skill-tree.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-copy-");
  await temp.write({
    "src/SKILL.md": "---\nname: src\ndescription: d\n---\nbody\n",
    "src/references/guide.md": "guide",
    "src/scripts/run.sh": "#!/bin/sh\necho run\n",
    "out/.keep": "",
  });
  chmodSync(temp.join("src/scripts/run.sh"), 0o750);
  execFileSync("mkdir", ["-p", temp.join("src/assets/empty")]);
});
afterEach(() => temp.cleanup());

/** Every entry below `dir`: kind, permission bits, and the bytes of files. */
function listing(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name);
      const info = statSync(path);
      const shown = relative(dir, path);
      if (info.isDirectory()) {
        found.push(`d ${shown}`);
        visit(path);
      } else found.push(`f ${shown} ${(info.mode & 0o7777).toString(8)} ${readFileSync(path, "hex")}`);
    }
  };
  visit(dir);
  return found;
}

/** What `tree` says was written, in the same form as `listing`. */
function treeListing(tree: SkillTree): string[] {
  return [
    ...tree.folders.map((folder) => `d ${folder}`),
    ...tree.files.map((file) => `f ${file.path} ${file.mode.toString(8)} ${file.content.toString("hex")}`),
  ].sort();
}

describe("copySkillTree", () => {
  it("returns exactly the files, bytes and permission bits it wrote", async () => {
    const before = listing(temp.join("src"));
    const tree = copySkillTree(temp.join("src"), temp.join("out/src"), defaultLimits, "skill src");
    expect(listing(temp.join("out/src"))).toEqual(before);
    expect(treeListing(tree)).toEqual([...before].sort());
    expect(listing(temp.join("src"))).toEqual(before);
    // The digests' own walk of the copy sees the same files as the returned tree.
    const onDisk = await listHashedFiles(temp.join("out/src"));
    expect(onDisk.map((file) => file.path).sort()).toEqual(tree.files.map((file) => file.path).sort());
  });

  it("with move, renames a plain folder instead of copying it: the same result", () => {
    const before = listing(temp.join("src"));
    const inode = statSync(temp.join("src/references/guide.md")).ino;
    const tree = copySkillTree(temp.join("src"), temp.join("out/src"), defaultLimits, "skill src", {
      move: true,
    });
    expect(existsSync(temp.join("src"))).toBe(false);
    expect(listing(temp.join("out/src"))).toEqual(before);
    expect(treeListing(tree)).toEqual([...before].sort());
    expect(statSync(temp.join("out/src/references/guide.md")).ino).toBe(inode);
  });

  it("with move, still copies a folder with a link to resolve or a folder to leave out", async () => {
    symlinkSync("references/guide.md", temp.join("src/guide-link.md"));
    const withLink = listing(temp.join("src"));
    copySkillTree(temp.join("src"), temp.join("out/a"), defaultLimits, "skill src", { move: true });
    expect(listing(temp.join("src"))).toEqual(withLink);
    expect(readFileSync(temp.join("out/a/guide-link.md"), "utf8")).toBe("guide");
    expect(statSync(temp.join("out/a/guide-link.md")).isFile()).toBe(true);

    await temp.write({ "plain/SKILL.md": "x", "plain/node_modules/m/index.js": "y" });
    copySkillTree(temp.join("plain"), temp.join("out/b"), defaultLimits, "skill plain", { move: true });
    expect(existsSync(temp.join("plain/node_modules/m/index.js"))).toBe(true);
    expect(readdirSync(temp.join("out/b"))).toEqual(["SKILL.md"]);
  });

  it.skipIf(!existsSync("/dev/shm") || statSync("/dev/shm").dev === statSync(tmpdir()).dev)(
    "with move across file systems, copies (the rename cannot) (needs /dev/shm on another file system)",
    async () => {
      const other = mkdtempSync(join("/dev/shm", "skillset-copy-"));
      try {
        await temp.write({ "cross/SKILL.md": "x", "cross/references/a.md": "a" });
        cpSync(temp.join("cross"), join(other, "cross"), { recursive: true });
        const tree = copySkillTree(
          join(other, "cross"),
          temp.join("out/cross"),
          defaultLimits,
          "skill cross",
          {
            move: true,
          },
        );
        expect(existsSync(join(other, "cross", "SKILL.md"))).toBe(true); // copied, not moved
        expect(listing(temp.join("out/cross"))).toEqual(listing(join(other, "cross")));
        expect(treeListing(tree)).toEqual([...listing(join(other, "cross"))].sort());
      } finally {
        rmSync(other, { recursive: true, force: true });
      }
    },
  );

  it("a link out of the skill to a file that is not there (a source fetched as the skill alone) is called outside, not missing", () => {
    symlinkSync("../../../docs/ref.md", temp.join("src/references/ref.md"));
    expect(() => copySkillTree(temp.join("src"), temp.join("out/src"), defaultLimits, "skill src")).toThrow(
      /a symbolic link to "..\/..\/..\/docs\/ref.md", outside the skill \(only a skill's own files are copied/,
    );
  });

  it("with move, refuses what it refuses without it, and moves nothing", () => {
    symlinkSync("../../out/.keep", temp.join("src/references/out.md"));
    expect(() =>
      copySkillTree(temp.join("src"), temp.join("out/src"), defaultLimits, "skill src", { move: true }),
    ).toThrow(/outside the skill/);
    expect(existsSync(temp.join("src/SKILL.md"))).toBe(true);
    expect(existsSync(temp.join("out/src"))).toBe(false);
  });

  it("checks limits on the moved path too", () => {
    expect(() =>
      copySkillTree(temp.join("src"), temp.join("out/src"), { ...defaultLimits, maxFiles: 2 }, "skill src", {
        move: true,
      }),
    ).toThrow(expect.objectContaining({ code: "install-too-large" }));
    expect(existsSync(temp.join("src/SKILL.md"))).toBe(true);
  });
});

describe("a source file swapped while it is copied", () => {
  it.each([
    [
      "for a link to a secret",
      (file: string, secret: string) => {
        rmSync(file);
        symlinkSync(secret, file);
      },
    ],
    [
      // Copied beside it, then renamed over it: a new inode, even where a freed one would be reused.
      "for another file with the secret's bytes",
      (file: string, secret: string) => {
        cpSync(secret, `${file}.new`);
        renameSync(`${file}.new`, file);
      },
    ],
  ])("is refused when swapped %s between the walk and the read", (_, swap) => {
    const secret = temp.join("secret");
    execFileSync("sh", ["-c", `printf 'aws_secret_access_key=SECRET' > '${secret}'`]);
    const file = temp.join("src/references/guide.md");
    let caught: unknown;
    try {
      copySkillTree(temp.join("src"), temp.join("out/skill"), defaultLimits, "skill src", {
        afterListing: () => {
          swap(file, secret);
        },
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toMatchObject({
      code: "install-unsafe-entry",
      message: expect.stringContaining("references/guide.md: it was replaced"),
    });
    expect(existsSync(temp.join("out/skill"))).toBe(false);
  });
});
