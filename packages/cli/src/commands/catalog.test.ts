import { createSkillset } from "@skillset/core/session";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-catalog-");
  await temp.writeSkill("project/.agents/skills/pdf-tools", {
    name: "pdf-tools",
    description: "Use when reading or filling PDF forms & tables.",
  });
  await temp.writeSkill("project/.agents/skills/git-helper", {
    name: "git-helper",
    description: `Use when committing with git. ${"Explains staging, rebasing and history rewriting. ".repeat(8)}`,
  });
  await temp.writeSkill("project/.agents/skills/hidden", {
    name: "hidden",
    description: "Only the user may run this.",
    "disable-model-invocation": true,
  });
  await temp.writeSkill("home/.agents/skills/notes", {
    name: "notes",
    description: "Use when taking notes.",
  });
});

afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset catalog", () => {
  it("prints the xml catalog of the discovered model-invocable skills, and a report on stderr", async () => {
    const { code, stdout, stderr } = await cli("catalog");
    expect(code).toBe(0);
    expect(stdout).toContain("<location>\n<tmp>/project/.agents/skills/pdf-tools/SKILL.md\n</location>");
    expect(stdout).toContain("reading or filling PDF forms &amp; tables.");
    expect(stdout).toContain("\nnotes\n");
    expect(stdout).not.toContain("hidden");
    expect(stdout.startsWith("<available_skills>\n")).toBe(true);
    expect(stdout.endsWith("</available_skills>\n")).toBe(true);
    expect(stderr).toMatch(/^catalog: 3 skills listed, nothing cut — \d+ of 8000 tokens \(xml\)\n$/);
  });

  it("renders the markdown and context formats", async () => {
    const markdown = await cli("catalog", "--format", "markdown");
    expect(markdown.stdout).toContain("## Skills");
    expect(markdown.stdout).toContain(
      "- pdf-tools: Use when reading or filling PDF forms & tables. (file: <tmp>/project/.agents/skills/pdf-tools/SKILL.md)",
    );
    const context = await cli("catalog", "--format", "context");
    expect(context.stdout.startsWith('<skills_context truncated="false">')).toBe(true);
    expect(context.stdout).toContain("<scope>user</scope>");
  });

  it("fits a small budget: shortens descriptions, then omits skills, and says so", async () => {
    const full = JSON.parse((await cli("catalog", "--json")).stdout);
    const budget = String(full.tokens - 30);
    const shortened = await cli("catalog", "--budget", budget);
    expect(shortened.code).toBe(0);
    expect(shortened.stderr).toMatch(
      new RegExp(`^catalog: 3 skills listed, 1 description shortened — \\d+ of ${budget} tokens`),
    );
    expect(shortened.stdout).toContain("Use when committing with git.");
    expect(shortened.stdout).toContain("…");

    const omitted = await cli("catalog", "--budget", "100", "--json");
    const result = JSON.parse(omitted.stdout);
    expect(result).toMatchObject({ format: "xml", budget: 100, fits: true });
    expect(result.tokens).toBeLessThanOrEqual(100);
    expect(result.omitted.length).toBeGreaterThan(0);
    expect(result.text).toContain(`${result.omitted.length} more skill`);
    expect(result.listed.length + result.omitted.length).toBe(3);
  });

  it("takes the budget from --context-window (2%)", async () => {
    const { stdout } = await cli("catalog", "--context-window", "10000", "--json");
    expect(JSON.parse(stdout).budget).toBe(200);
  });

  it("exits 1 when the budget cannot hold the fixed text", async () => {
    const { code, stderr } = await cli("catalog", "--format", "markdown", "--budget", "5");
    expect(code).toBe(1);
    expect(stderr).toContain("over budget");
  });

  it("rejects a bad format or budget with exit code 2", async () => {
    const format = await cli("catalog", "--format", "yaml");
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("unknown format 'yaml'; use one of xml, markdown, context");
    const budget = await cli("catalog", "--budget", "lots");
    expect(budget.code).toBe(2);
    expect(budget.stderr).toContain("--budget needs a whole number");
    expect((await cli("catalog", "--context-window", "0")).code).toBe(2);
  });

  it("applies Claude Code's skillOverrides as the session's system prompt does, byte for byte", async () => {
    await temp.writeSkill("project/.agents/skills/alpha", {
      name: "alpha",
      description: "ALPHA DESCRIPTION",
    });
    await temp.writeSkill("project/.agents/skills/beta", { name: "beta", description: "BETA DESCRIPTION" });
    await temp.write({
      "project/.claude/settings.json": JSON.stringify({
        skillOverrides: { alpha: "name-only", beta: "user-invocable-only" },
      }),
    });
    const skills = await createSkillset({
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      cacheFile: false,
    });
    try {
      for (const format of ["markdown", "xml"] as const) {
        const { code, stdout } = await runCliCaptured({
          argv: ["catalog", "--format", format],
          cwd: temp.join("project"),
          env: isolatedEnv(temp),
        });
        expect(code).toBe(0);
        expect(stdout).not.toContain("ALPHA DESCRIPTION");
        expect(stdout).toContain("alpha");
        expect(stdout).not.toContain("beta");
        expect(stdout).toBe(`${skills.session({ format }).systemPrompt()}\n`);
      }
      const json = JSON.parse((await cli("catalog", "--json")).stdout) as {
        listed: { skill: { name: string } }[];
      };
      expect(json.listed.map(({ skill }) => skill.name)).not.toContain("beta");
    } finally {
      await skills.close();
    }
  });
});
