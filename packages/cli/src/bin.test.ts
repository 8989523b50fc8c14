import { spawn, spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "./testing/index.js";

// The real process, as a shell runs it (`bin.js` is what `npx skillset` starts; `npm test` builds it first).
const bin = fileURLToPath(new URL("../bin/skillset.js", import.meta.url));

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempProject("skillset-bin-");
  // Enough output to overflow a pipe's buffer, so the writer is still writing when the reader goes away.
  const files: Record<string, string> = {};
  for (let index = 0; index < 400; index++) {
    files[`project/.agents/skills/skill-${index}/SKILL.md`] =
      `---\nname: skill-${index}\ndescription: Use when testing a closed pipe, case ${index}; ${"padding ".repeat(20)}\n---\n`;
  }
  await temp.write(files);
});
afterAll(() => temp.cleanup());

/** Runs `skillset …`, reads the first chunk of stdout, then closes the pipe as `head -1` does. */
function runAndCloseEarly(argv: string[]): Promise<{ code: number | null; stderr: string; first: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...argv], {
      cwd: temp.join("project"),
      env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let first = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.stdout.once("data", (chunk) => {
      first = String(chunk);
      child.stdout.destroy();
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stderr, first }));
  });
}

describe("bin: a closed pipe", () => {
  it.each([[["list", "--json"]], [["list"]], [["catalog", "--json"]]])(
    "skillset %j | head -1 ends quietly with exit 0",
    async (argv) => {
      const result = await runAndCloseEarly(argv as string[]);
      expect(result.first.length).toBeGreaterThan(0);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
    },
  );
});

describe("bin: standard output and error both pipes", () => {
  it("loads core once, from its real path (the bundled system skills are listed at their real paths)", async () => {
    // A synchronous stat of a pipe before core is imported once left Node's shared stat values saying
    // "FIFO", and the module loader's realpath then stopped early: core was loaded a second time through
    // node_modules/@skillset/core, and the system skills were listed under that path. (A project of
    // `createTempProject` switches the system skills off, so this one is made by hand.)
    const plain = await createTempDir("skillset-bin-pipes-");
    await plain.write({ "project/.git/HEAD": "ref: refs/heads/main\n" });
    const result = spawnSync(process.execPath, [bin, "list", "--json"], {
      cwd: plain.join("project"),
      env: { ...isolatedEnv(plain), PATH: process.env.PATH ?? "" },
      stdio: ["ignore", "pipe", "pipe"],
      encoding: "utf8",
    });
    expect(result.status).toBe(0);
    const system = (JSON.parse(result.stdout) as { skills: { scope: string; path: string }[] }).skills.filter(
      (skill) => skill.scope === "system",
    );
    expect(system.length).toBeGreaterThan(0);
    for (const skill of system) expect(skill.path).toBe(realpathSync(skill.path));
    await plain.cleanup();
  });
});

describe("bin: a project with the agents' own settings files", () => {
  it("reads an opencode.json (JSON with comments) in every command that applies permissions", async () => {
    const project = await createTempProject("skillset-bin-opencode-");
    try {
      await project.writeSkill("project/.agents/skills/hello", {
        name: "hello",
        description: "Use when greeting.",
      });
      await project.writeSkill("project/.agents/skills/secret", {
        name: "secret",
        description: "Use when hiding.",
      });
      await project.write({
        // A comment and a trailing comma, as OpenCode allows.
        "project/opencode.json": '{\n  // mine\n  "permission": { "skill": { "secret": "deny", }, },\n}\n',
      });
      const run = (...argv: string[]) =>
        spawnSync(process.execPath, [bin, ...argv], {
          cwd: project.join("project"),
          env: { ...isolatedEnv(project), PATH: process.env.PATH ?? "" },
          encoding: "utf8",
        });
      for (const argv of [
        ["load", "hello"],
        ["show", "hello"],
        ["catalog"],
        ["doctor"],
        ["resolve", "$hello hi"],
      ]) {
        const result = run(...argv);
        expect(result.stderr, argv.join(" ")).not.toContain("internal error");
        expect(result.status, `${argv.join(" ")}: ${result.stderr}`).toBe(0);
      }
      const denied = run("load", "secret");
      expect(denied.status).toBe(1);
      expect(denied.stderr).toContain("denied by a permission rule");
      expect(denied.stderr).toContain("opencode.json");
    } finally {
      await project.cleanup();
    }
  });
});
