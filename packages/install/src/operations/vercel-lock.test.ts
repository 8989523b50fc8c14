import { readFileSync, writeFileSync } from "node:fs";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readLock } from "../lock/read-lock.js";
import { skillText } from "../testing/make-archive.js";
import { type GitFixture, makeGitRepo } from "../testing/make-git-repo.js";
import { testIo } from "../testing/test-io.js";
import { vercelComputedHash, vercelCopy } from "../testing/vercel-install.js";
import { checkSkills } from "./check-skills.js";
import { refreshFromLock } from "./refresh-from-lock.js";

// A project whose skills-lock.json was written by vercel's `skills` CLI (SPEC §14): its entries have no
// `integrity`, `skillPath` names the skill's SKILL.md, and other tools' fields may sit beside them.
let temp: TempDir;
let repo: GitFixture;
beforeEach(async () => {
  temp = await createTempDir("skillset-vercel-lock-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
  // Inside the project, so a lock may name it without the person having added from it.
  repo = await makeGitRepo(temp.join("project/vendor/acme"), "skills");
});
afterEach(() => temp.cleanup());

const options = () => ({
  cwd: temp.join("project"),
  env: { ...isolatedEnv(temp), TMPDIR: temp.join("tmp") },
});
const lockPath = () => temp.join("project/skills-lock.json");

/** Installs `names` from the repository's HEAD the way vercel's CLI does, and writes its lock. */
function vercelInstall(names: string[], extra: { entry?: string; top?: string; type?: string } = {}): string {
  const entries = names.map((name) => {
    const folder = `${repo.work}/skills/${name}`;
    vercelCopy(folder, temp.join("project/.agents/skills", name));
    return `    ${JSON.stringify(name)}: {
      "source": ${JSON.stringify(extra.type === "gitlab" ? "acme/skills" : repo.url)},
      "sourceUrl": ${JSON.stringify(repo.url)},
      "sourceType": ${JSON.stringify(extra.type ?? "git")},
      "skillPath": "skills/${name}/SKILL.md",
      "computedHash": "${vercelComputedHash(folder)}"${extra.entry ?? ""}
    }`;
  });
  const text = `{\n  "version": 1,\n  "skills": {\n${entries.join(",\n")}\n  }${extra.top ?? ""}\n}\n`;
  writeFileSync(lockPath(), text);
  return text;
}

describe("a lock written by vercel's CLI", () => {
  it("keeps other tools' fields byte for byte through an update, and writes skillPath in vercel's form", async () => {
    await repo.commit({ "skills/pdf/SKILL.md": skillText("pdf") });
    vercelInstall(["pdf"], {
      entry: ',\n      "via": "skills-sync",\n      "weight": 1.0',
      top: ',\n  "generator": {\n    "serial": 12345678901234567890\n  }',
    });
    await repo.commit({ "skills/pdf/references/new.md": "new\n" });
    const updated = await refreshFromLock("update", { ...options(), io: testIo() });
    expect(updated.rows).toEqual([{ name: "pdf", outcome: "updated" }]);
    const text = readFileSync(lockPath(), "utf8");
    expect(text).toContain('"skillPath": "skills/pdf/SKILL.md"');
    expect(text).toContain('      "via": "skills-sync",\n      "weight": 1.0\n');
    expect(text).toContain('  "generator": {\n    "serial": 12345678901234567890\n  }\n}\n');
    expect((await readLock(lockPath())).skills.pdf?.integrity).toMatch(/^sha256:/);
  });

  it("fetches a gitlab entry from its sourceUrl, as vercel's CLI does", async () => {
    await repo.commit({ "skills/pdf/SKILL.md": skillText("pdf") });
    vercelInstall(["pdf"], { type: "gitlab" });
    const checked = await checkSkills(options());
    expect(checked.rows).toEqual([
      { name: "pdf", source: "acme/skills", local: "intact", upstream: "current" },
    ]);
  });
});
