import { existsSync, readFileSync } from "node:fs";
import { mkdir, rmdir } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, runBin } from "../hostile/run-bin.js";
import { createTempProject, isolatedEnv } from "../testing/index.js";

// Real processes run the built CLI (`npm run build`); skipped without it.
const built = existsSync(BIN);

const processes = 8;
const names = Array.from({ length: processes }, (_, i) => `sk${i}`);

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-enable-processes-");
  for (const name of names) {
    await temp.writeSkill(`project/.agents/skills/${name}`, { name, description: `Use for ${name}.` });
  }
});
afterEach(() => temp.cleanup());

describe.skipIf(!built)(
  "enable / disable in real processes (needs `npm run build`; skipped without it)",
  () => {
    it("each of many concurrent `disable` commands reports only the skill it switched off", async () => {
      // Every process loads the registry, then queues on the user and project state locks, held here until
      // all have started: each one's registry is then stale by the others' writes, whatever the timing.
      const userState = temp.join("home/.config/skillset/state.json");
      const projectState = temp.join("project/.skillset/state.json");
      for (const file of [userState, projectState]) await mkdir(`${file}.lock`, { recursive: true });
      const runs = names.map((name, i) =>
        runBin(["disable", name, "--json", ...(i % 2 === 1 ? ["--project"] : [])], {
          cwd: temp.join("project"),
          env: isolatedEnv(temp),
          timeoutMs: 30_000,
        }),
      );
      // Not a wait the assertions depend on: whenever each process gets the locks, it must report only its
      // own change. Holding the locks a while only makes the contended case the common one.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const file of [userState, projectState]) await rmdir(`${file}.lock`);
      const results = await Promise.all(runs);

      for (const [i, result] of results.entries()) {
        expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
        const output = JSON.parse(result.stdout);
        expect(output.changed.map((entry: { name: string }) => entry.name)).toEqual([names[i]]);
      }
      const read = (file: string) => JSON.parse(readFileSync(file, "utf8")).disabled;
      expect(read(userState)).toEqual(names.filter((_, i) => i % 2 === 0));
      expect(read(projectState)).toEqual(names.filter((_, i) => i % 2 === 1));
    }, 60_000);

    it("concurrent `disable --project` in a trusted project keep the trust (each re-trusts under the trust file's lock)", async () => {
      const env = isolatedEnv(temp);
      const cwd = temp.join("project");
      expect((await runBin(["trust"], { cwd, env, timeoutMs: 30_000 })).code).toBe(0);
      const results = await Promise.all(
        names.map((name) => runBin(["disable", name, "--project"], { cwd, env, timeoutMs: 30_000 })),
      );
      for (const result of results)
        expect({ code: result.code, stderr: result.stderr }).toEqual({ code: 0, stderr: "" });
      const listed = await runBin(["trust", "--list"], { cwd, env, timeoutMs: 30_000 });
      expect(listed.stdout).toMatch(/^trusted\s/m);
      expect(listed.stdout).not.toContain("changed");
    }, 60_000);
  },
);
