import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { defaultLimits } from "../limits.js";
import { skillText } from "../testing/make-archive.js";
import { makeGitRepo } from "../testing/make-git-repo.js";
import { fetchGit } from "./fetch-git.js";
import { runGit } from "./run-git.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-git-");
});
afterEach(() => temp.cleanup());

const options = () => ({ timeoutMs: 60_000, env: isolatedEnv(temp), limits: defaultLimits });
/** Files (not folders) under `dir`, `.git` left out: what a checkout wrote. */
const written = (dir: string) =>
  existsSync(dir)
    ? execFileSync("find", [dir, "-path", `${dir}/.git`, "-prune", "-o", "-type", "f", "-print"], {
        encoding: "utf8",
      })
        .split("\n")
        .filter(Boolean).length
    : 0;

/** Commits `count` files under `folder` with one `git add` (fast enough for thousands). */
async function bomb(repo: Awaited<ReturnType<typeof makeGitRepo>>, folder: string, count: number) {
  const files: Record<string, string> = {};
  for (let index = 0; index < count; index++) files[`${folder}/f${index}.txt`] = "";
  return repo.commit(files);
}

describe("a git source is checked before anything is checked out", () => {
  it("a tree bomb (more files than the limit in a skill) is refused with no file written", async () => {
    const repo = await makeGitRepo(temp.path, "bomb");
    await repo.commit({ "skills/big/SKILL.md": skillText("big") });
    await bomb(repo, "skills/big/many", 2_500);
    const into = temp.join("clone");
    await expect(
      fetchGit({ type: "git", source: repo.url, location: repo.url }, into, options()),
    ).rejects.toMatchObject({
      code: "install-too-large",
      message: expect.stringMatching(/skill folder skills\/big .* more than 2000 files.*--max-files/),
    });
    expect(written(into)).toBe(0);
  });

  it("a file over the size limit is refused before checkout", async () => {
    const repo = await makeGitRepo(temp.path, "large");
    await repo.commit({ "SKILL.md": skillText("large"), "data.txt": "x".repeat(2_000) });
    const into = temp.join("clone");
    const limits = { ...defaultLimits, maxFileBytes: 1_000 };
    await expect(
      fetchGit({ type: "git", source: repo.url, location: repo.url }, into, { ...options(), limits }),
    ).rejects.toMatchObject({
      message: expect.stringMatching(/data\.txt .* 2000 bytes, over the 1000-byte limit/),
    });
    expect(written(into)).toBe(0);
  });

  it("only the skill folders are checked out: the rest of the repository is never written", async () => {
    const repo = await makeGitRepo(temp.path, "mixed");
    await repo.commit({
      "skills/one/SKILL.md": skillText("one"),
      "skills/one/references/r.md": "r\n",
      "skills/two/SKILL.md": skillText("two"),
      "README.md": "readme\n",
    });
    // 3,000 files beside the skills: not a skill, so neither counted nor written.
    const commit = await bomb(repo, "site/assets", 3_000);
    const into = temp.join("clone");
    const fetched = await fetchGit({ type: "git", source: repo.url, location: repo.url }, into, options());
    expect(fetched.resolved).toBe(commit);
    expect(written(into)).toBe(3);
    expect(existsSync(temp.join("clone/skills/one/references/r.md"))).toBe(true);
    expect(existsSync(temp.join("clone/README.md"))).toBe(false);
    // Pinned to a commit, the same.
    const pinned = temp.join("pinned");
    const fetchedPinned = await fetchGit(
      { type: "git", source: repo.url, location: repo.url, ref: commit },
      pinned,
      options(),
    );
    expect(fetchedPinned.resolved).toBe(commit);
    expect(written(pinned)).toBe(3);
  });

  it("a repository without a SKILL.md is refused before checkout", async () => {
    const repo = await makeGitRepo(temp.path, "none");
    await bomb(repo, "docs", 50);
    const into = temp.join("clone");
    await expect(
      fetchGit({ type: "git", source: repo.url, location: repo.url }, into, options()),
    ).rejects.toMatchObject({
      code: "install-no-skills",
    });
    expect(written(into)).toBe(0);
  });

  it("git stops when the person interrupts", async () => {
    const controller = new AbortController();
    controller.abort("SIGTERM");
    await expect(
      runGit(["--version"], { timeoutMs: 10_000, env: isolatedEnv(temp), signal: controller.signal }),
    ).rejects.toMatchObject({ code: "install-interrupted", message: expect.stringContaining("SIGTERM") });
  });
});
