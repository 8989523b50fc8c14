import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-resolve-");
  const skill = (dir: string, name: string, extra: Record<string, unknown> = {}) =>
    temp.writeSkill(dir, { name, description: `Use when the task needs ${name}.`, ...extra });
  await skill("project/.agents/skills/systematic-debugging", "systematic-debugging");
  await skill("project/.agents/skills/test-driven-development", "test-driven-development");
  await skill("project/.agents/skills/pdf", "pdf");
  await skill("home/.agents/skills/pdf", "pdf"); // shadowed by the project's pdf
  await skill("project/.agents/skills/review", "review");
  // Same scope, same distance, different files: ambiguous (identical copies would be one skill).
  await skill("project/.claude/skills/review", "review", { description: "Use when reviewing a diff." });
  await skill("project/.agents/skills/aleph", "aleph");
  await skill("project/.agents/skills/deploy", "deploy", { "disable-model-invocation": true });
  await temp.write({
    "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: ["aleph"], enabled: [] }),
  });
});
afterEach(() => temp.cleanup());

const cli = (argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset resolve", () => {
  it("prints the activation and the task", async () => {
    const result = await cli(["resolve", "$systematic-debugging fix the auth bug"]);
    expect(result).toEqual({
      code: 0,
      stdout: "Using skill: systematic-debugging\nTask: fix the auth bug\n",
      stderr: "",
    });
  });

  it("prints each message, keeps the text as the task, and exits 1", async () => {
    const { code, stdout } = await cli(["resolve", "$nope do a thing"]);
    expect(code).toBe(1);
    expect(stdout).toMatchInlineSnapshot(`
      "warning: No skill named 'nope'. Run skillset list to see available skills.
      Task: $nope do a thing
      "
    `);
  });

  it("names the paths of two skills that share a name in one scope", async () => {
    const { code, stdout } = await cli(["resolve", "$review the diff"]);
    expect(code).toBe(1);
    expect(stdout).toMatchInlineSnapshot(`
      "warning: $review matched 2 skills: <tmp>/project/.agents/skills/review/SKILL.md, <tmp>/project/.claude/skills/review/SKILL.md — use [$review](<tmp>/project/.agents/skills/review/SKILL.md).
      Task: $review the diff
      "
    `);
  });

  it("resolves a link relative to the working directory, reaching a shadowed skill", async () => {
    const { code, stdout } = await cli(["resolve", "[$pdf](../home/.agents/skills/pdf) read it"]);
    expect(code).toBe(0);
    expect(stdout).toBe("Using skill: pdf\nTask: read it\n");
    const json = JSON.parse((await cli(["resolve", "--json", "[$pdf](../home/.agents/skills/pdf)"])).stdout);
    expect(json.activations[0].skill.path).toBe("<tmp>/home/.agents/skills/pdf/SKILL.md");
  });

  it("reports disabled skills, choose-one, and user-only skills for the model", async () => {
    expect((await cli(["resolve", "$aleph search"])).stdout).toContain(
      "warning: Skill 'aleph' is disabled. Enable it with skillset enable aleph.\n",
    );
    expect((await cli(["resolve", "$tdd $systematic-debugging fix it"])).stdout).toContain(
      "warning: Choose one skill to lead this turn: $test-driven-development or $systematic-debugging.\n",
    );
    const model = await cli(["resolve", "--source", "model", "$deploy now"]);
    expect(model.stdout).toContain("warning: Skill 'deploy' can only be invoked by the user.\n");
    expect((await cli(["resolve", "--source", "palette", "$deploy now"])).stdout).toBe(
      "Using skill: deploy\nTask: now\n",
    );
  });

  it("activates several skills with --composition and shows slash arguments", async () => {
    const both = await cli(["resolve", "--composition", "$test-driven-development $pdf go"]);
    expect(both.stdout).toBe("Using skill: test-driven-development\nUsing skill: pdf\nTask: go\n");
    const slash = await cli(["resolve", "/pdf extract tables"]);
    expect(slash.stdout).toBe("Using skill: pdf\nArguments for pdf: extract tables\nTask: extract tables\n");
  });

  it("lists skill:// references, each to the file it names, without activating them", async () => {
    await temp.write({ "project/.agents/skills/pdf/references/a.md": "# A\n" });
    const { code, stdout } = await cli(["resolve", "see skill://pdf/references/a.md and skill://pdf"]);
    expect(code).toBe(0);
    expect(stdout).toBe(
      "Reference: skill://pdf/references/a.md → <tmp>/project/.agents/skills/pdf/references/a.md\n" +
        "Reference: skill://pdf → <tmp>/project/.agents/skills/pdf/SKILL.md\n" +
        "Task: see skill://pdf/references/a.md and skill://pdf\n",
    );
  });

  it("reports a skill:// reference to a missing file as File not found (SPEC §9), exit 1", async () => {
    const { code, stdout } = await cli(["resolve", "see skill://pdf/nonexist.md"]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      "warning: File not found: skill://pdf/nonexist.md (no nonexist.md in <tmp>/project/.agents/skills/pdf).\n" +
        "Reference: skill://pdf/nonexist.md → no file (file-not-found)\n" +
        "Task: see skill://pdf/nonexist.md\n",
    );
    const json = JSON.parse((await cli(["resolve", "--json", "see skill://pdf/nonexist.md"])).stdout);
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "file-not-found" }),
    ]);
  });

  it("reports a skill:// reference to a skill no one has as skill-not-found, with near names, exit 1", async () => {
    const { code, stdout } = await cli(["resolve", "see skill://pdff/x.md and skill://nope/x.md"]);
    expect(code).toBe(1);
    expect(stdout).toBe(
      "warning: No skill named 'pdff' (skill://pdff/x.md). Did you mean pdf?\n" +
        "warning: No skill named 'nope' (skill://nope/x.md). Run `skillset list --all` to see every skill.\n" +
        "Reference: skill://pdff/x.md → no skill named 'pdff'\n" +
        "Reference: skill://nope/x.md → no skill named 'nope'\n" +
        "Task: see skill://pdff/x.md and skill://nope/x.md\n",
    );
    const json = JSON.parse((await cli(["resolve", "--json", "see skill://nope/x.md"])).stdout);
    expect(json.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", code: "skill-not-found" }),
    ]);
    // A skill that exists but is disabled is not unknown: the reference stays, with no finding of ours.
    expect((await cli(["resolve", "see skill://aleph"])).stdout).toBe(
      "Reference: skill://aleph → no usable skill named 'aleph'\nTask: see skill://aleph\n",
    );
  });

  it("prints JSON", async () => {
    const { code, stdout } = await cli(["resolve", "--json", "$systematic-debugging fix $nope"]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout.replaceAll("<tmp>", "/tmp"))).toMatchObject({
      schemaVersion: 1,
      source: "user",
      activations: [
        {
          skill: {
            name: "systematic-debugging",
            qualifiedName: "systematic-debugging",
            path: "/tmp/project/.agents/skills/systematic-debugging/SKILL.md",
            scope: "repo",
          },
          mention: { kind: "dollar", raw: "$systematic-debugging", start: 0, end: 21 },
        },
      ],
      diagnostics: [
        {
          severity: "warning",
          code: "mention-not-found",
          message: "No skill named 'nope'. Run skillset list to see available skills.",
        },
      ],
      visibleLines: ["Using skill: systematic-debugging"],
      references: [],
      mentions: [
        { kind: "dollar", raw: "$systematic-debugging", start: 0, end: 21 },
        { kind: "dollar", raw: "$nope", start: 26, end: 31 },
      ],
      task: "fix $nope",
    });
  });

  it("shows the subagent task, the model and the tool narrowing a fork skill puts in force (SPEC §13)", async () => {
    await temp.writeSkill("project/.agents/skills/argy", {
      name: "argy",
      description: "Use when deploying.",
      context: "fork",
      agent: "Explore",
      model: "haiku",
      "allowed-tools": "Bash(git:*) Read",
      "disallowed-tools": "Write",
    });
    const text = await cli(["resolve", "/argy prod eu"]);
    expect(text).toEqual({
      code: 0,
      stdout:
        "Using skill: argy\n" +
        "Arguments for argy: prod eu\n" +
        "Fork: argy runs as a subagent task (agent Explore, model haiku)\n" +
        "Model: haiku\n" +
        "Allowed tools (restrict: only these are offered): Bash(git:*), Read\n" +
        "Disallowed tools: Write\n" +
        "Task: prod eu\n",
      stderr: "",
    });
    const json = JSON.parse((await cli(["resolve", "--json", "/argy prod eu"])).stdout);
    expect(json).toMatchObject({
      forks: [
        {
          skill: { name: "argy", path: "<tmp>/project/.agents/skills/argy/SKILL.md" },
          args: ["prod", "eu"],
          agent: "Explore",
          model: "haiku",
        },
      ],
      model: "haiku",
      toolPolicy: {
        mode: "restrict",
        skills: ["argy"],
        allowed: ["Bash(git:*)", "Read"],
        disallowed: ["Write"],
      },
      diagnostics: [],
    });
    const plain = JSON.parse((await cli(["resolve", "--json", "$pdf go"])).stdout);
    expect(plain).toMatchObject({ forks: [], toolPolicy: { skills: ["pdf"], disallowed: [] } });
    expect(plain).not.toHaveProperty("model");
    expect(plain.toolPolicy).not.toHaveProperty("allowed");
  });

  it("uses the configured hint commands", async () => {
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({
        discovery: { providers: { system: false } },
        mentions: { listCommand: "/skills", connectorSlugs: ["pdf"] },
      }),
    });
    expect((await cli(["resolve", "$nope"])).stdout).toContain("Run /skills to see available skills.");
    expect(await cli(["resolve", "$pdf now"])).toMatchObject({ code: 0, stdout: "Task: $pdf now\n" });
  });

  it("reads the message from standard input given -", async () => {
    const result = await runCliCaptured({
      argv: ["resolve", "-"],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      stdin: "$systematic-debugging fix the auth bug\n",
    });
    expect(result).toEqual({
      code: 0,
      stdout: "Using skill: systematic-debugging\nTask: fix the auth bug\n",
      stderr: "",
    });
  });

  it("does not take the agents' own /skills for a mistyped skill", async () => {
    expect(await cli(["resolve", "/skills"])).toMatchObject({ code: 0, stdout: "Task: /skills\n" });
  });

  it("rejects a bad source and a missing text with exit code 2", async () => {
    const bad = await cli(["resolve", "--source", "robot", "$pdf"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown source 'robot'; use one of user, palette, model");
    expect((await cli(["resolve"])).code).toBe(2);
  });
});

describe("skillset resolve through the session", () => {
  it("applies the agents' own settings: a skill denied in Claude Code's settings is refused", async () => {
    await temp.write({
      "home/.claude/settings.json": JSON.stringify({ permissions: { deny: ["Skill(pdf)"] } }),
    });
    const { code, stdout } = await cli(["resolve", "$pdf fill the form"]);
    expect(code).toBe(1);
    expect(stdout).toContain("warning: Skill 'pdf' is denied");
    expect(stdout).not.toContain("Using skill: pdf");
  });

  it("--inspect shows the catalog's state and the skills loaded, with their paths", async () => {
    const { code, stdout } = await cli(["resolve", "--inspect", "$systematic-debugging fix it"]);
    expect(code).toBe(0);
    expect(stdout).toContain("Using skill: systematic-debugging\nTask: fix it\n\nCatalog (xml, ");
    expect(stdout).toMatch(/: \d+ listed, 0 shortened, 0 omitted, 1 hidden\n {2}hidden: deploy\n/);
    expect(stdout).toContain(
      "Loaded in this conversation: 1\n  systematic-debugging  <tmp>/project/.agents/skills/systematic-debugging/SKILL.md\n",
    );
    const json = JSON.parse((await cli(["resolve", "--inspect", "--json", "$pdf x"])).stdout);
    expect(json.inspection.loaded).toMatchObject([{ name: "pdf", via: "mention", active: true }]);
    expect(json.inspection.catalog.hidden).toEqual(["deploy"]);
  });
});
