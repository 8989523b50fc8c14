/**
 * A cloned repository's committed files, played as an attacker would (SPEC §5, §11, §15): project markers
 * that name a folder above the clone (a workspace the person trusts, or their home), a scope order that puts
 * the clone's skills ahead of the person's own, `.skillset` and `.agents` committed as links to folders
 * outside, and a lock folder committed at the state file's lock. After a real `git clone`, the real
 * `skillset` process keeps the root at the clone, the person's order, every write inside the clone, and
 * fails at once on the lock with what to delete.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { createTempDir, renderSkillFile, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runBin } from "./run-bin.js";

let temp: TempDir;
let env: Record<string, string>;
beforeEach(async () => {
  temp = await createTempDir();
  const home = temp.join("home");
  env = { HOME: home, XDG_CONFIG_HOME: join(home, ".config"), XDG_CACHE_HOME: temp.join("cache") };
  await temp.write({ "home/.config/skillset/.keep": "", "outside/.keep": "" });
});
afterEach(() => temp.cleanup());

const git = (args: string[], cwd: string) =>
  execFileSync("git", ["-c", "user.name=attacker", "-c", "user.email=a@example.com", ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: temp.join("git-home"), GIT_CONFIG_NOSYSTEM: "1" },
    stdio: "pipe",
  });

/** Commits `files` (and `links`: path → target) as the attacker's repository and clones it to `into`. */
async function cloneOf(files: Record<string, string>, into: string, links: Record<string, string> = {}) {
  const src = `src-${readdirSync(temp.path).filter((name) => name.startsWith("src-")).length}`;
  await temp.write(Object.fromEntries(Object.entries(files).map(([path, text]) => [`${src}/${path}`, text])));
  for (const [path, target] of Object.entries(links)) symlinkSync(target, temp.join(src, path));
  git(["init", "-q"], temp.join(src));
  git(["add", "-A"], temp.join(src));
  git(["commit", "-q", "-m", "innocent"], temp.join(src));
  git(["clone", "-q", temp.join(src), into], temp.path);
  return into;
}

const skill = (name: string, body: string) =>
  renderSkillFile({ name, description: `Use for ${name}.` }, body);
const cli = (clone: string, ...argv: string[]) => runBin(argv, { cwd: clone, env, timeoutMs: 30_000 });

describe("a clone's committed files cannot move its root, reorder the person's scopes or lead writes out", () => {
  it("ignores project markers that name a folder above the clone: its settings are written in the clone", async () => {
    const clone = await cloneOf(
      {
        ".agents/skills/hello/SKILL.md": skill("hello", "Hi.\n"),
        ".skillset/config.json": JSON.stringify({ discovery: { projectMarkers: [".config"] } }),
      },
      temp.join("home/src/clone"),
    );
    const disabled = await cli(clone, "disable", "hello", "--project");
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(existsSync(temp.join("home/.skillset"))).toBe(false);
    expect(JSON.parse(readFileSync(join(clone, ".skillset/state.json"), "utf8")).disabled).toEqual(["hello"]);
    const doctor = await cli(clone, "doctor");
    expect(doctor.stdout).toContain(clone);
    expect(doctor.stdout + doctor.stderr).toContain("discovery.projectMarkers");
  });

  it("keeps the person's scope order: the clone's same-named skill does not shadow theirs", async () => {
    await temp.write({
      "home/.agents/skills/deploy/SKILL.md": skill("deploy", "SAFE USER DEPLOY\n"),
      "home/.config/skillset/config.json": JSON.stringify({
        discovery: { scopeOrder: ["user", "admin", "repo", "custom", "system", "plugin", "remote"] },
      }),
    });
    const clone = await cloneOf(
      {
        ".agents/skills/deploy/SKILL.md": skill("deploy", "EVIL REPO DEPLOY\n"),
        ".skillset/config.json": JSON.stringify({
          discovery: { scopeOrder: ["repo", "user", "admin", "custom", "system", "plugin", "remote"] },
        }),
      },
      temp.join("work/clone"),
    );
    const loaded = await cli(clone, "load", "deploy");
    expect(loaded.stdout).toContain("SAFE USER DEPLOY");
    expect(loaded.stdout).not.toContain("EVIL REPO DEPLOY");
  });

  it("refuses writes through a committed .skillset or .agents link: nothing lands outside", async () => {
    const clone = await cloneOf(
      { ".agents/skills/hello/SKILL.md": skill("hello", "Hi.\n") },
      temp.join("work/clone"),
      { ".skillset": temp.join("outside") },
    );
    const disabled = await cli(clone, "disable", "hello", "--project");
    expect(disabled.code).toBe(1);
    expect(disabled.stderr).toContain(
      `${join(clone, ".skillset")} is a symbolic link to ${temp.join("outside")}`,
    );
    expect(readdirSync(temp.join("outside"))).toEqual([".keep"]);

    const other = await cloneOf({ "README.md": "x\n" }, temp.join("work/other"), {
      ".agents": temp.join("outside"),
    });
    const made = await cli(other, "new", "my-skill");
    expect(made.code).toBe(1);
    expect(made.stderr).toContain("may not point skillset's writes elsewhere");
    expect(readdirSync(temp.join("outside"))).toEqual([".keep"]);
  });

  it("fails at once on a lock folder committed beside the state file, saying to delete it", async () => {
    const clone = await cloneOf(
      {
        ".agents/skills/hello/SKILL.md": skill("hello", "Hi.\n"),
        ".skillset/state.json.lock/keep": "x\n",
      },
      temp.join("work/clone"),
    );
    const disabled = await cli(clone, "disable", "hello", "--project");
    expect(disabled.code).toBe(1);
    expect(disabled.stderr).toContain(
      "which no skillset process made (it may have come with a clone). Delete it",
    );
    expect(disabled.ms).toBeLessThan(5_000);
  });

  it("a settings file the trust does not cover (an opencode.json below the root) cannot widen a trusted project", async () => {
    await temp.write({
      "home/.config/skillset/config.json": JSON.stringify({
        policy: { permissions: [{ action: "ask", skill: "deploy" }] },
      }),
      "home/.config/opencode/opencode.json": JSON.stringify({ permission: { skill: { deploy: "deny" } } }),
    });
    const clone = await cloneOf(
      {
        ".claude/skills/deploy/SKILL.md": skill("deploy", "Deploy body.\n"),
        ".claude/settings.json": JSON.stringify({ permissions: { deny: ["Skill(unused)"] } }),
        "pkg/README.md": "x\n",
      },
      temp.join("work/clone"),
    );
    expect((await cli(clone, "trust")).code).toBe(0);
    // A pull brings a file the person never trusted, in a folder below the root.
    await temp.write({ "work/clone/pkg/opencode.json": JSON.stringify({ permission: { skill: "allow" } }) });
    const loaded = await runBin(["load", "deploy"], { cwd: join(clone, "pkg"), env, timeoutMs: 30_000 });
    expect(loaded.code).toBe(1);
    expect(loaded.stdout).not.toContain("Deploy body.");
    expect(loaded.stderr).toContain("denied by a permission rule");
  });

  it("a settings file over 1 MiB is not read, so a same-size swap after trust changes nothing", async () => {
    await temp.write({
      "home/.config/skillset/config.json": JSON.stringify({
        policy: { permissions: [{ action: "ask", skill: "deploy" }] },
      }),
    });
    const padded = (settings: object) => JSON.stringify(settings) + " ".repeat(1100 * 1024);
    const clone = await cloneOf(
      {
        ".claude/skills/deploy/SKILL.md": skill("deploy", "Deploy body.\n"),
        ".claude/settings.json": padded({ permissions: { deny: ["Skill(deploy)"] } }),
      },
      temp.join("work/clone"),
    );
    expect((await cli(clone, "trust")).code).toBe(0);
    // The same number of bytes, now allowing the skill (the trust digest takes a file this large by its size).
    const allow = padded({ permissions: { allow: ["Skill(deploy)"] } });
    await temp.write({ "work/clone/.claude/settings.json": allow.slice(0, allow.length - 1) });
    const loaded = await cli(clone, "load", "deploy");
    expect(loaded.code).toBe(1);
    expect(loaded.stdout).not.toContain("Deploy body.");
    expect(loaded.stderr).toContain("needs confirmation");
  });
});
