import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-doctor-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
  await temp.writeSkill("home/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs (user)." });
  await temp.writeSkill("project/.agents/skills/twin", { name: "twin", description: "Use for twin A." });
  await temp.writeSkill("project/.claude/skills/twin", { name: "twin", description: "Use for twin B." });
  await temp.writeSkill("project/.agents/skills/old", { name: "old", description: "Use never." });
  await temp.write({
    "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: ["old"], enabled: [] }),
    "project/.agents/skills/ci/SKILL.md": "---\nname: ci\ndescription: Use when CI fails.\n---\nBody.\n",
    "project/.agents/skills/ci/agents/openai.yaml":
      "dependencies:\n  tools:\n    - type: env_var\n      value: CI_TOKEN\n",
  });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset doctor", () => {
  it("counts identical copies in other agents' folders apart from the effective skills, as list does", async () => {
    await temp.write({
      "project/.cursor/skills/ci/SKILL.md": "---\nname: ci\ndescription: Use when CI fails.\n---\nBody.\n",
      "project/.cursor/skills/ci/agents/openai.yaml":
        "dependencies:\n  tools:\n    - type: env_var\n      value: CI_TOKEN\n",
    });
    const { stdout } = await cli("doctor");
    expect(stdout).toContain(
      "Skills: 7 loaded (3 effective, 1 identical copy, 1 shadowed, 2 ambiguous; 1 disabled)",
    );
  });

  it("explains roots, precedence, shadowed, ambiguous, disabled skills and unmet dependencies", async () => {
    const { code, stdout, stderr } = await cli("doctor");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    const [head, rest] = stdout.split("\nRoots searched, highest precedence first\n") as [string, string];
    expect(head).toMatchInlineSnapshot(`
      "Project root  <tmp>/project
      Config files  <tmp>/project/.skillset/config.json
      Project trust not trusted (its own settings may only narrow yours)
      Precedence    repo > user > custom > admin > system > plugin > remote
      "
    `);
    // Columns are padded to the temp folder's length: compare with single spaces.
    const roots = rest
      .slice(0, rest.indexOf("\n\n"))
      .split("\n")
      .map((line) => line.replace(/ +/g, " "));
    expect(roots[0]).toBe(" ✓ repo agents <tmp>/project/.agents/skills 4 skills");
    expect(roots).toContain(" ✓ repo claude <tmp>/project/.claude/skills 1 skill");
    expect(roots).toContain(" · repo codex <tmp>/project/.codex/skills not found");
    expect(roots).toContain(" ✓ user agents <tmp>/home/.agents/skills 1 skill");
    expect(rest.slice(rest.indexOf("\n\n") + 1)).toMatchInlineSnapshot(`
      "
      Skills: 6 loaded (3 effective, 1 shadowed, 2 ambiguous; 1 disabled)

      Shadowed (1)
        pdf  <tmp>/home/.agents/skills/pdf/SKILL.md  (by <tmp>/project/.agents/skills/pdf/SKILL.md)

      Ambiguous (a bare name picks none of them) (2)
        twin  <tmp>/project/.agents/skills/twin/SKILL.md
        twin  <tmp>/project/.claude/skills/twin/SKILL.md

      Disabled (1)
        old  <tmp>/project/.agents/skills/old/SKILL.md

      Unmet dependencies (1)
        ci  <tmp>/project/.agents/skills/ci/SKILL.md  (set CI_TOKEN)

      No errors found.
      "
    `);
  });

  it("exits 1 and lists the error when a skill cannot be loaded", async () => {
    await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
    const { code, stdout } = await cli("doctor");
    expect(code).toBe(1);
    expect(stdout).toContain("\nErrors (1)\n.agents/skills/broken/SKILL.md\n  ");
    expect(stdout).toContain("missing-description");
    expect(stdout.endsWith("1 error, 0 warnings found.\n")).toBe(true);
  });

  it("reports a damaged state file once (the registry and the policy both read it)", async () => {
    await temp.write({ "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: "old" }) });
    const { code, stdout } = await cli("doctor", "--json");
    expect(code).toBe(1);
    const codes = JSON.parse(stdout).errors.map((found: { code: string }) => found.code);
    expect(codes.filter((found: string) => found === "state-corrupt")).toHaveLength(1);
    expect((await cli("doctor")).stdout.endsWith("1 error, 0 warnings found.\n")).toBe(true);
  });

  it("counts and shows the warnings loaded skills carry", async () => {
    await temp.write({
      "project/.agents/skills/Loud_Name/SKILL.md": "---\nname: Loud_Name\ndescription: Use for noise.\n---\n",
    });
    const { code, stdout } = await cli("doctor");
    expect(code).toBe(0);
    expect(stdout).toMatch(/\nWarnings \(\d+\)\n\.agents\/skills\/Loud_Name\/SKILL\.md\n/);
    expect(stdout).toContain("name-uppercase");
    const json = JSON.parse((await cli("doctor", "--json")).stdout);
    expect(json.counts.warnings).toBeGreaterThanOrEqual(1);
    expect(json.warnings.map((found: { code: string }) => found.code)).toContain("name-uppercase");
  });

  it("reports a lowercase skill.md once (the walker and the skill both carry the warning)", async () => {
    await temp.write({
      "project/.agents/skills/low/skill.md":
        "---\nname: low\ndescription: Use for quiet things.\n---\nBody.\n",
    });
    const json = JSON.parse((await cli("doctor", "--json")).stdout);
    const codes = json.warnings.map((found: { code: string }) => found.code);
    expect(codes.filter((found: string) => found === "lowercase-skill-file")).toHaveLength(1);
    expect(json.counts.warnings).toBe(json.warnings.length);
    const { code, stdout } = await cli("doctor");
    expect(code).toBe(0);
    expect(stdout.split("lowercase-skill-file")).toHaveLength(2);
    expect(stdout).toContain(`No errors; ${json.counts.warnings} warning`);
  });

  it("prints JSON", async () => {
    const { code, stdout } = await cli("doctor", "--json");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      schemaVersion: 1,
      cwd: "<tmp>/project",
      projectRoot: "<tmp>/project",
      configFiles: ["<tmp>/project/.skillset/config.json"],
      scopeOrder: ["repo", "user", "custom", "admin", "system", "plugin", "remote"],
      counts: { skills: 6, effective: 3, shadowed: 1, ambiguous: 2, disabled: 1, errors: 0 },
      shadowed: [{ qualifiedName: "pdf", path: "<tmp>/home/.agents/skills/pdf/SKILL.md", scope: "user" }],
      disabled: [{ qualifiedName: "old" }],
      unmetDependencies: [{ skill: { qualifiedName: "ci" }, missingEnv: ["CI_TOKEN"] }],
    });
    expect(output.roots[0]).toMatchObject({ path: "<tmp>/project/.agents/skills", exists: true, skills: 4 });
  });
});

describe("skillset doctor and the agents' own settings", () => {
  it("shows each imported permission rule with the file it came from, and warns about a malformed one", async () => {
    await temp.write({
      "home/.claude/settings.json": JSON.stringify({
        permissions: { deny: ["Skill(pdf)"] },
        skillOverrides: { twin: "off" },
      }),
      "home/.codex/config.toml": '[[skills.config]]\nname = "old"\nenabled = false\n',
      "project/opencode.json": "{ not json",
    });
    const { stdout } = await cli("doctor");
    expect(stdout).toContain("Permission rules (deny > allow > ask) (3)");
    expect(stdout).toContain("  deny  old  from codex (<tmp>/home/.codex/config.toml)");
    expect(stdout).toContain(
      "  deny  pdf  from claude (<tmp>/home/.claude/settings.json) permissions.deny: Skill(pdf) (line 1)",
    );
    expect(stdout).toContain(
      "  deny  twin  from claude (<tmp>/home/.claude/settings.json) skillOverrides.twin: off (line 1)",
    );
    expect(stdout).toMatch(
      /opencode\.json\n {2}warning {2}This file is not valid JSON at line 1 .*agent-settings-invalid/,
    );
    const json = JSON.parse((await cli("doctor", "--json")).stdout);
    expect(json.permissionRules).toContainEqual({
      action: "deny",
      skill: "pdf",
      origin: {
        kind: "claude",
        file: "<tmp>/home/.claude/settings.json",
        setting: "permissions.deny: Skill(pdf)",
        line: 1,
      },
    });
    expect(json.unmetDependencies[0].missing).toEqual([{ kind: "env", name: "CI_TOKEN" }]);
  });

  it("shows a plugin switched off in Claude Code's enabledPlugins as a rule naming the setting", async () => {
    const plugin = "home/.claude/plugins/cache/mkt/toolbox/1.0.0";
    await temp.write({
      [`${plugin}/.claude-plugin/plugin.json`]: JSON.stringify({ name: "toolbox" }),
      "home/.claude/settings.json": JSON.stringify({ enabledPlugins: { "toolbox@mkt": false } }),
    });
    await temp.writeSkill(`${plugin}/skills/fixer`, { name: "fixer", description: "Fixes things." });
    const { stdout } = await cli("doctor");
    expect(stdout).toContain(
      "  deny  <tmp>/home/.claude/plugins/cache/mkt/toolbox/**  from claude (<tmp>/home/.claude/settings.json) enabledPlugins.toolbox@mkt: false",
    );
    expect(stdout).not.toContain("permission-rule-unmatched");
  });
});
