import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { hashSkillFolder, readLock, recoverInterrupted, resolveInstallScope } from "@skillset/install";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillText } from "../../../install/src/testing/make-archive.js";

// Real processes run the built CLI (`npm run build`); skipped without it.
const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/bin.js", import.meta.url)));

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-processes-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "tmp/.keep": "" });
});
afterEach(() => temp.cleanup());

const env = () => ({ ...process.env, ...isolatedEnv(temp), TMPDIR: temp.join("tmp"), NO_COLOR: "1" });

function run(
  args: string[],
  killAfterMs?: number,
): Promise<{ code: number | null; signal: string | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: temp.join("project"),
      env: env(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    if (killAfterMs !== undefined) setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stderr }));
  });
}

const SKILLS = 6;
const FILES = 10;

/** The source folder at one version: every skill and file carries `label`, so a mix would show. */
function version(label: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (let skill = 0; skill < SKILLS; skill++) {
    const name = `s${skill}`;
    files[`src/${name}/SKILL.md`] = skillText(name, `metadata:\n  version: "${label}"\n`);
    for (let file = 0; file < FILES; file++)
      files[`src/${name}/references/r${file}.md`] = `${label} ${file}\n`;
  }
  return files;
}

describe.skipIf(!built)(
  "install commands in real processes (needs `npm run build`; skipped without it)",
  () => {
    it("a SIGKILL at any point of `skillset update` leaves the old or the new version whole, and the lock agrees", async () => {
      await temp.write(version("v0"));
      const added = await run(["add", "../src", "--all", "--yes"]);
      expect(added.stderr).toBe("");
      const scope = await resolveInstallScope({ cwd: temp.join("project"), env: env() });

      await temp.write(version("v1"));
      let started = Date.now();
      expect((await run(["update", "--yes"])).code).toBe(0);
      // The shortest whole run seen so far: under a loaded machine the first run can be several
      // times slower than the later ones, and kill times taken from it alone would never land.
      let fullMs = Math.max(50, Date.now() - started);

      const outcomes = new Set<string>();
      let current = "v1";
      // Twenty rounds, and more (up to forty) until at least one run was killed.
      for (let round = 2; round < 22 || (!outcomes.has("killed") && round < 42); round++) {
        const next = `v${round}`;
        await temp.write(version(next));
        // Most of a run is start-up: kill times spread over the whole run, weighted towards its end.
        started = Date.now();
        const killed = await run(["update", "--yes"], Math.floor(fullMs * (0.3 + Math.random() * 0.9)));
        if (killed.signal === "SIGKILL") outcomes.add("killed");
        else {
          expect(killed.stderr).toBe("");
          outcomes.add("finished");
          fullMs = Math.max(50, Math.min(fullMs, Date.now() - started));
        }
        // The next change recovers first; this is that step alone.
        await recoverInterrupted(scope);
        const lock = await readLock(scope.lockPath);
        const versions = new Set<string>();
        for (const [name, entry] of Object.entries(lock.skills)) {
          const dir = `${scope.skillsDir}/${name}`;
          expect((await hashSkillFolder(dir)).integrity).toBe(entry.integrity);
          const label = /version: "(v\d+)"/.exec(readFileSync(`${dir}/SKILL.md`, "utf8"))![1]!;
          for (let file = 0; file < FILES; file++)
            expect(readFileSync(`${dir}/references/r${file}.md`, "utf8")).toBe(`${label} ${file}\n`);
          versions.add(label);
        }
        expect(Object.keys(lock.skills)).toHaveLength(SKILLS);
        // One update is one commit: every skill is the old version or every one the new.
        expect(versions.size).toBe(1);
        expect([current, next]).toContain([...versions][0]);
        current = [...versions][0]!;
      }
      expect(outcomes.has("killed")).toBe(true);
    }, 240_000);

    it("concurrent `skillset add` processes in one project are serialized by the state lock", async () => {
      const names = ["one", "two", "three", "four"];
      for (const name of names) await temp.write({ [`src/${name}/SKILL.md`]: skillText(name) });
      const results = await Promise.all(names.map((name) => run(["add", "../src", "--skill", name])));
      expect(
        results.map((result) => result.code),
        results.map((result) => result.stderr).join("\n"),
      ).toEqual([0, 0, 0, 0]);
      const lock = await readLock(temp.join("project/skills-lock.json"));
      expect(Object.keys(lock.skills).sort()).toEqual([...names].sort());
    }, 60_000);
  },
);
