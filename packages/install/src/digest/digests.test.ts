import { createHash } from "node:crypto";
import { symlink } from "node:fs/promises";
import { nodeFileSystem } from "@skillset/core/fs";
import { digestFolder } from "@skillset/core/registry";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { vercelComputedHash } from "../testing/vercel-install.js";
import { hashSkillFolder } from "./hash-skill-folder.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-digest-");
});
afterEach(() => temp.cleanup());

describe("computedHash (vercel interop)", () => {
  it("equals vercel's algorithm on mixed-case names where localeCompare and code-point order differ", async () => {
    const names = [
      "B.md",
      "a.md",
      "_under.md",
      "Zeta/x.md",
      "alpha/Y.md",
      "alpha/b.md",
      "é.md",
      "e.md",
      "10.md",
      "9.md",
    ];
    await temp.write({
      ...Object.fromEntries(names.map((name, index) => [`skill/${name}`, `content ${index}\n`])),
      "skill/.git/HEAD": "ignored\n",
      "skill/node_modules/x/index.js": "ignored\n",
    });
    // The premise: the two orders really differ on these names.
    const localeOrder = [...names].sort((a, b) => a.localeCompare(b));
    const codePointOrder = [...names].sort();
    expect(localeOrder).not.toEqual(codePointOrder);

    const ours = await hashSkillFolder(temp.join("skill"));
    expect(ours.computedHash).toBe(vercelComputedHash(temp.join("skill")));
  });

  it("ignores .git and node_modules in both digests", async () => {
    await temp.write({
      "one/SKILL.md": "x",
      "two/SKILL.md": "x",
      "two/.git/config": "y",
      "two/node_modules/m.js": "z",
    });
    expect(await hashSkillFolder(temp.join("two"))).toEqual(await hashSkillFolder(temp.join("one")));
  });
});

describe("integrity", () => {
  it("equals the digest core's registry uses to tell copies of a skill apart (one rule, SPEC §5, §14)", async () => {
    await temp.write({
      "skill/SKILL.md": "---\nname: skill\ndescription: Use when testing.\n---\nBody\n",
      "skill/scripts/run.sh": "echo run\n",
      "skill/references/é.md": "accent\n",
      "skill/references/Z.md": "upper\n",
      "skill/.git/HEAD": "ignored\n",
      "skill/node_modules/m/index.js": "ignored\n",
      "outside.txt": "linked\n",
    });
    await symlink(temp.join("outside.txt"), temp.join("skill", "linked.txt"));
    const core = await digestFolder(nodeFileSystem, temp.join("skill"));
    expect(core?.integrity).toBe((await hashSkillFolder(temp.join("skill"))).integrity);
  });

  it("tells apart two trees that collide under computedHash (path and bytes run together)", async () => {
    await temp.write({ "first/a": "bc", "second/ab": "c" });
    const first = await hashSkillFolder(temp.join("first"));
    const second = await hashSkillFolder(temp.join("second"));
    expect(first.computedHash).toBe(second.computedHash);
    expect(first.integrity).not.toBe(second.integrity);
  });

  it("is SHA-256 over sorted '<sha256>  <path>' lines", async () => {
    await temp.write({ "skill/b.txt": "two", "skill/A.txt": "one" });
    const line = (content: string, path: string) =>
      `${createHash("sha256").update(content).digest("hex")}  ${path}\n`;
    const expected = createHash("sha256")
      .update(line("one", "A.txt") + line("two", "b.txt"))
      .digest("hex");
    expect((await hashSkillFolder(temp.join("skill"))).integrity).toBe(`sha256:${expected}`);
  });

  it("changes when a file is renamed, edited or added", async () => {
    await temp.write({ "a/x": "1", "b/y": "1", "c/x": "2", "d/x": "1", "d/z": "" });
    const digests = await Promise.all(["a", "b", "c", "d"].map((dir) => hashSkillFolder(temp.join(dir))));
    expect(new Set(digests.map((digest) => digest.integrity)).size).toBe(4);
  });
});
