import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, symlinkSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skillText } from "../../install/src/testing/make-archive.js";
import { type GitFixture, makeGitRepo } from "../../install/src/testing/make-git-repo.js";
import { NEEDS_VERCEL, VERCEL_CLI, VERCEL_NODE, vercelCliMissing } from "./testing/vercel-cli.js";

// The real `skills` CLI (1.7.4, on its Node 22) and the real `skillset` process share one
// skills-lock.json, both ways (SPEC §14): vercel writes and skillset reads, checks, installs and updates;
// skillset writes and vercel checks, restores and updates; in vercel's symlink and copy modes and
// skillset's link and copy modes, with a skill holding a symlinked file. No network: sources are file://
// git repositories inside each project, HOME and XDG folders are temp ones, vercel's telemetry is off
// (DISABLE_TELEMETRY, DO_NOT_TRACK) and its fetch is replaced by one that logs and fails; git may use only
// file://.
const skillsetBin = fileURLToPath(new URL("../bin/skillset.js", import.meta.url));

let temp: TempDir;
const networkLog = () => temp.join("network.log");

beforeAll(async () => {
  temp = await createTempDir("skillset-vercel-interop-");
  await temp.write({
    "home/.keep": "",
    "tmp/.keep": "",
    "no-network.mjs": `import { appendFileSync } from "node:fs";
globalThis.fetch = async (input) => {
  appendFileSync(${JSON.stringify(temp.join("network.log"))}, String(input?.url ?? input) + "\\n");
  throw new Error("no network in the interop test");
};
`,
  });
});
afterAll(() => temp?.cleanup());

function env(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: temp.join("home"),
    XDG_CONFIG_HOME: temp.join("home/.config"),
    XDG_CACHE_HOME: temp.join("home/.cache"),
    XDG_STATE_HOME: temp.join("home/.local/state"),
    XDG_DATA_HOME: temp.join("home/.local/share"),
    SKILLSET_ADMIN_DIR: temp.join("etc"),
    TMPDIR: temp.join("tmp"),
    DISABLE_TELEMETRY: "1",
    DO_NOT_TRACK: "1",
    GIT_ALLOW_PROTOCOL: "file",
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    NO_COLOR: "1",
  };
}

interface Run {
  code: number | null;
  out: string;
}

function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Run {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...env(), ...extra },
    encoding: "utf8",
    timeout: 30_000,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // vercel's CLI colours its output even when told not to; the assertions read plain text.
  const out = `${result.stdout}${result.stderr}`.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
  return { code: result.status, out };
}

const vercel = (cwd: string, ...args: string[]) =>
  run(VERCEL_NODE, [VERCEL_CLI, ...args], cwd, {
    NODE_OPTIONS: `--import=${pathToFileURL(temp.join("no-network.mjs")).href}`,
  });
const skillset = (cwd: string, ...args: string[]) => run(process.execPath, [skillsetBin, ...args], cwd);

/** A project with its source: a git repository (file://, name ending in .git) inside it. */
async function project(name: string): Promise<{ dir: string; repo: GitFixture; lock: () => string }> {
  const dir = temp.join(name);
  await temp.write({ [`${name}/.git/HEAD`]: "ref: refs/heads/main\n" });
  const repo = await makeGitRepo(temp.join(name, "vendor"), "skills");
  await repo.commit({
    "skills/pdf/SKILL.md": skillText("pdf"),
    "skills/pdf/docs/guide.md": "guide\n",
    "skills/pdf/guide.md": { symlink: "docs/guide.md" },
    "skills/alpha/SKILL.md": skillText("alpha"),
  });
  return { dir, repo, lock: () => readFileSync(temp.join(name, "skills-lock.json"), "utf8") };
}

/** skillset's `check --json` rows as `name local upstream`. */
function checkRows(dir: string): { code: number | null; rows: string[] } {
  const result = run(process.execPath, [skillsetBin, "check", "--json"], dir);
  const parsed = JSON.parse(result.out.slice(result.out.indexOf("{"))) as {
    skills: Array<{ name: string; local: string; upstream: string }>;
  };
  return { code: result.code, rows: parsed.skills.map((row) => `${row.name} ${row.local} ${row.upstream}`) };
}

const missing = vercelCliMissing();
// About 8 real processes a case (5 s each unloaded): room for a loaded CI machine.
const CASE_TIMEOUT = 90_000;

describe.skipIf(missing !== undefined)(
  `vercel's skills CLI and skillset share skills-lock.json ${NEEDS_VERCEL}`,
  () => {
    it.each([
      ["symlink", []],
      ["copy", ["--copy"]],
    ])(
      "vercel writes (%s mode), skillset reads: nothing edited, nothing changed, an upstream change applied",
      async (_mode, flags) => {
        const { dir, repo, lock } = await project(`vercel-${_mode}`);
        const added = vercel(dir, "add", repo.url, "--all", "-y", "-a", "codex", "claude-code", ...flags);
        expect(added.code, added.out).toBe(0);
        const written = lock();
        expect(written).toContain('"skillPath": "skills/pdf/SKILL.md"');

        expect(checkRows(dir)).toEqual({ code: 0, rows: ["alpha intact current", "pdf intact current"] });
        for (const command of ["install", "update"])
          expect(skillset(dir, command)).toEqual({ code: 0, out: "alpha  unchanged\npdf  unchanged\n" });
        expect(lock()).toBe(written);

        await repo.commit({ "skills/alpha/references/new.md": "new\n" });
        expect(checkRows(dir)).toEqual({ code: 1, rows: ["alpha intact changed", "pdf intact current"] });
        const updated = skillset(dir, "update", "--yes");
        expect(updated.code, updated.out).toBe(0);
        expect(updated.out).toContain("alpha  updated");
        // vercel agrees with what skillset wrote: its computedHash is vercel's, its skillPath vercel's form.
        const checked = vercel(dir, "check");
        expect(checked.code, checked.out).toBe(0);
        expect(checked.out).toContain("All project skills are up to date");
        expect(checkRows(dir)).toEqual({ code: 0, rows: ["alpha intact current", "pdf intact current"] });
      },
      CASE_TIMEOUT,
    );

    it.each([
      ["link", []],
      ["copy", ["--copy"]],
    ])(
      "skillset writes (%s mode), vercel reads: up to date, restored, updated, and skillset agrees after",
      async (_mode, flags) => {
        const { dir, repo, lock } = await project(`skillset-${_mode}`);
        const added = skillset(dir, "add", repo.url, "--all", "--yes", "--agent", "claude", ...flags);
        expect(added.code, added.out).toBe(0);
        const written = lock();

        const checked = vercel(dir, "check");
        expect(checked.code, checked.out).toBe(0);
        expect(checked.out).toContain("All project skills are up to date");
        expect(lock()).toBe(written);

        // vercel's restore rewrites every entry afresh (skillset's integrity, resolved and agents are gone) …
        const restored = vercel(dir, "experimental_install");
        expect(restored.code, restored.out).toBe(0);
        expect(lock()).not.toContain('"integrity"');
        // … and skillset still finds its copies intact and their sources current.
        expect(checkRows(dir)).toEqual({ code: 0, rows: ["alpha intact current", "pdf intact current"] });

        // The file a link in the skill points to changes upstream; vercel updates, skillset agrees.
        await repo.commit({ "skills/pdf/docs/guide.md": "guide v2\n" });
        const updated = vercel(dir, "update");
        expect(updated.code, updated.out).toBe(0);
        expect(updated.out).toContain("Updated 1 skill(s)");
        expect(readFileSync(`${dir}/.agents/skills/pdf/guide.md`, "utf8")).toBe("guide v2\n");
        expect(checkRows(dir)).toEqual({ code: 0, rows: ["alpha intact current", "pdf intact current"] });
        expect(skillset(dir, "install")).toEqual({ code: 0, out: "alpha  unchanged\npdf  unchanged\n" });
      },
      CASE_TIMEOUT,
    );

    it(
      "a local folder source, both ways",
      async () => {
        const { dir } = await project("local");
        await temp.write({
          "local/vendor/local/pdf/SKILL.md": skillText("pdf"),
          "local/vendor/local/pdf/docs/guide.md": "guide\n",
        });
        symlinkSync("docs/guide.md", `${dir}/vendor/local/pdf/guide.md`);
        const added = vercel(dir, "add", "./vendor/local", "--all", "-y");
        expect(added.code, added.out).toBe(0);
        expect(checkRows(dir)).toEqual({ code: 0, rows: ["pdf intact current"] });
        expect(skillset(dir, "install")).toEqual({ code: 0, out: "pdf  unchanged\n" });

        rmSync(`${dir}/skills-lock.json`);
        rmSync(`${dir}/.agents`, { recursive: true });
        expect(skillset(dir, "add", "./vendor/local", "--yes").code).toBe(0);
        rmSync(`${dir}/.agents`, { recursive: true });
        const restored = vercel(dir, "experimental_install");
        expect(restored.code, restored.out).toBe(0);
        expect(restored.out).toContain("Restored pdf");
        expect(checkRows(dir)).toEqual({ code: 0, rows: ["pdf intact current"] });
      },
      CASE_TIMEOUT,
    );

    it("no process reached the network", () => {
      expect(() => readFileSync(networkLog(), "utf8")).toThrow(/ENOENT/);
    });
  },
);
