/**
 * Hostile skill folders against the real binary (issue 7): a secret linked as SKILL.md never reaches any
 * output, a FIFO anywhere a skill file can be never hangs a command, and a link to `/` inside a tree given
 * to validate/lint stays bounded. Each command runs in a child process with a kill timeout, so a regression
 * fails here instead of hanging the suite.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "../testing/index.js";
import { CAN_MEASURE_MEMORY, runBin } from "./run-bin.js";

const posix = process.platform !== "win32";
const SECRET = `SKILLSET-HOSTILE-SECRET-${process.pid}-${Date.now()}`;
const skill = (name: string, body = "Body.\n") =>
  `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\n${body}`;

/** Whether a run looks like a crash: a stack trace or the internal-error exit. */
function crashed(text: string): boolean {
  return /internal error|\n\s+at .+:\d+:\d+\)?\n/.test(text);
}

describe.skipIf(!posix)("a secret linked as SKILL.md", () => {
  let temp: TempDir;
  beforeAll(async () => {
    temp = await createTempProject("skillset-hostile-secret-");
    await temp.write({
      "home/.aws/credentials": `[default]\naws_secret_access_key = ${SECRET}\n`,
      "home/.ssh/id_ed25519": `-----BEGIN OPENSSH PRIVATE KEY-----\n${SECRET}\n`,
      "project/.agents/skills/ok/SKILL.md": skill("ok"),
    });
    mkdirSync(temp.join("project/.agents/skills/aws-helper"), { recursive: true });
    symlinkSync(temp.join("home/.aws/credentials"), temp.join("project/.agents/skills/aws-helper/SKILL.md"));
    mkdirSync(temp.join("home/.agents/skills/ssh-helper"), { recursive: true });
    symlinkSync(temp.join("home/.ssh/id_ed25519"), temp.join("home/.agents/skills/ssh-helper/SKILL.md"));
    // A folder link out of the project: refused unless discovery.followExternalLinks.
    symlinkSync(temp.join("home/.aws"), temp.join("project/.agents/skills/aws-dir"));
  });
  afterAll(() => temp.cleanup());

  it.each([
    [["list"]],
    [["list", "--all", "--json"]],
    [["show", "aws-helper"]],
    [["show", "aws-helper", "--json"]],
    [["show", ".agents/skills/aws-helper"]],
    [["catalog"]],
    [["catalog", "--format", "markdown"]],
    [["catalog", "--json"]],
    [["doctor"]],
    [["doctor", "--json"]],
    [["validate"]],
    [["validate", ".agents/skills/aws-helper/SKILL.md", "--json"]],
    [["lint", "--json"]],
    [["lint", ".agents/skills"]],
    [["to-prompt", ".agents/skills/aws-helper"]],
    [["read-properties", ".agents/skills/aws-helper"]],
    [["resolve", "$aws-helper and $ssh-helper", "--json"]],
    [["search", "aws secret", "--json"]],
    [["load", "aws-helper"]],
    [["load", ".agents/skills/aws-helper/SKILL.md"]],
    [["read", "skill://aws-helper"]],
  ])("skillset %j never prints a byte of it", async (argv) => {
    const run = await runBin(argv, { cwd: temp.join("project"), env: isolatedEnv(temp), timeoutMs: 15_000 });
    expect(run.timedOut).toBe(false);
    expect(run.stdout + run.stderr).not.toContain(SECRET);
    expect(run.stdout + run.stderr).not.toContain("aws_secret_access_key");
    expect(crashed(run.stderr)).toBe(false);
  });

  it("doctor names the refused link and its target, and the setting for links out of the project", async () => {
    const run = await runBin(["doctor", "--json"], {
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      timeoutMs: 15_000,
    });
    expect(run.stdout).toContain("link-refused");
    expect(run.stdout).toContain(temp.join("home/.aws/credentials"));
    expect(run.stdout).toContain("link-leaves-roots");
    expect(run.stdout).toContain("discovery.followExternalLinks");
  });
});

describe.skipIf(!posix)("links out of every root: the person's own followed, a clone's refused", () => {
  let temp: TempDir;
  const cli = (...argv: string[]) =>
    runBin(argv, { cwd: temp.join("project"), env: isolatedEnv(temp), timeoutMs: 15_000 });
  beforeAll(async () => {
    temp = await createTempProject("skillset-hostile-links-");
    await temp.write({
      "home/.aws/credentials": `[default]\naws_secret_access_key = ${SECRET}\n`,
      // A skill the person develops in ~/dev and links into ~/.claude/skills; a file of it links to a secret.
      "home/dev/drafting/SKILL.md": skill("drafting", "See [the guide](references/guide.md).\n"),
      "home/dev/drafting/references/guide.md": "Draft with care.\n",
      "home/dev/notes.txt": skill("notes"),
      // What a cloned repository's link points at, outside every root.
      "home/dev/planted/SKILL.md": skill("planted"),
      "home/.claude/skills/.keep": "",
    });
    symlinkSync(temp.join("home/dev/drafting"), temp.join("home/.claude/skills/drafting"));
    symlinkSync(temp.join("home/.aws/credentials"), temp.join("home/dev/drafting/references/creds.md"));
    mkdirSync(temp.join("home/.claude/skills/notes"));
    symlinkSync(temp.join("home/dev/notes.txt"), temp.join("home/.claude/skills/notes/SKILL.md"));
    mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
    symlinkSync(temp.join("home/dev/planted"), temp.join("project/.agents/skills/planted"));
    symlinkSync(temp.join("home/.aws"), temp.join("project/.agents/skills/aws"));
  });
  afterAll(() => temp.cleanup());

  it("lists the linked user skill, refuses the repository's links and a SKILL.md link to another file", async () => {
    const run = await cli("list", "--all", "--json");
    const names = (JSON.parse(run.stdout) as { skills: { name: string; scope: string }[] }).skills.map(
      (entry) => `${entry.name} ${entry.scope}`,
    );
    expect(names).toContain("drafting user");
    expect(names.filter((name) => /^(planted|notes) /.test(name))).toEqual([]);
    const doctor = await cli("doctor", "--json");
    expect(doctor.stdout).toContain("link-leaves-roots");
    expect(doctor.stdout).toContain(temp.join("project/.agents/skills/planted"));
    expect(doctor.stdout).toContain("link-refused");
    expect(doctor.stdout).toContain(temp.join("home/.claude/skills/notes/SKILL.md"));
  });

  it("loads the linked skill, but nothing outside its folder reaches the output", async () => {
    const load = await cli("load", "drafting");
    expect(load.code).toBe(0);
    expect(load.stdout).toContain("See [the guide]");
    expect((await cli("read", "skill://drafting/references/guide.md")).stdout).toContain("Draft with care.");
    for (const argv of [
      ["read", "skill://drafting/references/creds.md"],
      ["read", "skill://drafting/references"],
    ]) {
      const run = await cli(...argv);
      expect(run.timedOut).toBe(false);
      expect(run.stdout + run.stderr).not.toContain(SECRET);
      expect(crashed(run.stderr)).toBe(false);
    }
  });

  it("follows the repository's links only with --follow-external-links, and still never reads the secret", async () => {
    const run = await cli("list", "--all", "--json", "--follow-external-links");
    expect(run.code).toBe(0);
    const names = (JSON.parse(run.stdout) as { skills: { name: string }[] }).skills.map(
      (entry) => entry.name,
    );
    expect(names).toContain("planted");
    expect(run.stdout + run.stderr).not.toContain(SECRET);
  });
});

describe.skipIf(!posix)("a FIFO wherever a skill file or a reference can be", () => {
  let temp: TempDir;
  beforeAll(async () => {
    temp = await createTempProject("skillset-hostile-fifo-");
    await temp.write({
      "project/.agents/skills/refs/SKILL.md": skill(
        "refs",
        "See [the table](references/pipe.md).\nRun scripts/run.sh.\n",
      ),
      "project/.agents/skills/ok/SKILL.md": skill("ok"),
      "project/tree/real/SKILL.md": skill("real"),
    });
    const fifos = [
      "project/.agents/skills/pipe/SKILL.md",
      "project/.agents/skills/lower/skill.md",
      "project/.agents/skills/refs/references/pipe.md",
      "project/.agents/skills/refs/scripts/run.sh",
      "project/.agents/skills/refs/agents/openai.yaml",
      "home/.agents/skills/user-pipe/SKILL.md",
      "project/tree/x/SKILL.md",
    ];
    for (const path of fifos) {
      mkdirSync(temp.join(path, ".."), { recursive: true });
      execFileSync("mkfifo", [temp.join(path)]);
    }
    // A SKILL.md linked to a FIFO that is itself named SKILL.md.
    mkdirSync(temp.join("project/.agents/skills/link-pipe"), { recursive: true });
    symlinkSync(temp.join("project/tree/x/SKILL.md"), temp.join("project/.agents/skills/link-pipe/SKILL.md"));
  });
  afterAll(() => temp.cleanup());

  it.each([
    [["list"], false],
    [["list", "--all", "--json"], false],
    [["show", "refs"], false],
    [["catalog"], false],
    [["doctor"], true],
    [["validate"], true],
    [["validate", ".agents/skills/pipe"], true],
    [["validate", ".agents/skills/pipe/SKILL.md"], true],
    [["validate", "tree"], true],
    [["lint"], true],
    [["lint", ".agents/skills/refs"], false],
    [["lint", ".agents/skills/pipe/SKILL.md"], true],
    [["read-properties", ".agents/skills/pipe"], true],
    [["read-properties", ".agents/skills/link-pipe"], true],
    [["to-prompt", ".agents/skills/pipe"], true],
    [["load", "refs"], false],
    [["read", "skill://refs/references/pipe.md"], true],
    [["resolve", "$pipe $refs skill://refs/references/pipe.md"], false],
  ])("skillset %j finishes within 5 s", async (argv, namesIt) => {
    const run = await runBin(argv as string[], {
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      timeoutMs: 20_000,
    });
    expect(run.timedOut, `killed after 20 s: ${run.stderr}`).toBe(false);
    expect(run.ms).toBeLessThan(5_000);
    expect(crashed(run.stderr)).toBe(false);
    const output = run.stdout + run.stderr;
    if (namesIt) expect(output).toMatch(/FIFO|not a regular file|file-not-regular/);
    // doctor once called a FIFO "a folder".
    expect(output).not.toMatch(/pipe\/SKILL\.md is a folder/);
  });
});

describe.skipIf(!posix)("a link to / inside a tree given to validate and lint", () => {
  let temp: TempDir;
  beforeAll(async () => {
    temp = await createTempProject("skillset-hostile-root-");
    await temp.write({ "project/tree/a/SKILL.md": skill("a"), "project/tree/b/SKILL.md": skill("b") });
    symlinkSync("/", temp.join("project/tree/everything"));
    symlinkSync("/", temp.join("project/tree/a/root"));
  });
  afterAll(() => temp.cleanup());

  it.each([[["validate", "tree"]], [["lint", "tree"]], [["validate", "tree", "--json"]]])(
    "skillset %j stays bounded (< 2 s beyond start-up, < 200 MB) and reads nothing outside",
    async (argv) => {
      const options = { cwd: temp.join("project"), env: isolatedEnv(temp), timeoutMs: 30_000 };
      const baseline = await runBin(["--version"], { ...options, measureMemory: true });
      const run = await runBin(argv, { ...options, measureMemory: true });
      expect(run.timedOut).toBe(false);
      if (CAN_MEASURE_MEMORY) {
        // CPU time beyond start-up: the issue measured 17 s (validate) and 28 s (lint) of work.
        expect((run.cpuSeconds ?? 0) - (baseline.cpuSeconds ?? 0)).toBeLessThan(2);
        expect(run.maxRssMiB).toBeLessThan(200);
      } else expect(run.ms - baseline.ms).toBeLessThan(10_000);
      expect(run.stdout.length + run.stderr.length).toBeLessThan(20_000);
      expect(run.stdout + run.stderr).toContain("link-leaves-roots");
      expect(run.stdout + run.stderr).not.toMatch(/\/etc\/|\/usr\//);
    },
  );
});
