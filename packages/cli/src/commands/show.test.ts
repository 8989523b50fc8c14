import { truncateSync } from "node:fs";
import { mkdir, symlink } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-show-");
  await temp.writeSkill("project/.agents/skills/pdf-tools", {
    name: "pdf-tools",
    description: "Use when reading or filling PDF forms.",
    license: "MIT",
    "allowed-tools": "Read Bash(python:*)",
  });
  await temp.writeSkill("home/.agents/skills/pdf-tools", {
    name: "pdf-tools",
    description: "Use for PDFs (user).",
  });
  await temp.writeSkill("project/.agents/skills/wrong-folder", {
    name: "renamed",
    description: "Use when renamed.",
  });
  await temp.writeSkill("project/.agents/skills/twin", { name: "twin", description: "Use for twin A." });
  await temp.writeSkill("project/.claude/skills/twin", { name: "twin", description: "Use for twin B." });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset show", () => {
  it("shows a skill's metadata, path and state", async () => {
    const { code, stdout, stderr } = await cli("show", "pdf-tools");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatchInlineSnapshot(`
      "pdf-tools  repo
      Use when reading or filling PDF forms.

        path           <tmp>/project/.agents/skills/pdf-tools/SKILL.md
        root           <tmp>/project/.agents/skills (agents, distance 0)
        state          effective, enabled
        invocation     model and user
        license        MIT
        allowed-tools  Read Bash(python:*)
      "
    `);
  });

  it("shows a shadowed skill by path, with its diagnostics", async () => {
    const { code, stdout } = await cli("show", "../home/.agents/skills/pdf-tools");
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "pdf-tools  user (shadowed)
      Use for PDFs (user).

        path        <tmp>/home/.agents/skills/pdf-tools/SKILL.md
        root        <tmp>/home/.agents/skills (agents)
        state       shadowed, enabled, by <tmp>/project/.agents/skills/pdf-tools/SKILL.md
        invocation  model and user

      Diagnostics:
        info shadowed: Skill 'pdf-tools' at <tmp>/home/.agents/skills/pdf-tools/SKILL.md is shadowed by <tmp>/project/.agents/skills/pdf-tools/SKILL.md (the repo scope ranks above user); rename it or remove the other copy to use this one.
      "
    `);
  });

  it("prints JSON", async () => {
    const { code, stdout } = await cli("show", "renamed", "--json");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      name: "renamed",
      path: "<tmp>/project/.agents/skills/wrong-folder/SKILL.md",
      dir: "<tmp>/project/.agents/skills/wrong-folder",
      scope: "repo",
      state: { status: "effective", enabled: true },
      invocation: { model: true, user: true },
      frontmatter: { name: "renamed", description: "Use when renamed." },
    });
    expect(output.diagnostics.length).toBeGreaterThan(0);
  });

  it("lists near names for an unknown name, and every candidate for an ambiguous one (exit 1)", async () => {
    expect(await cli("show", "pdf-tool")).toEqual({
      code: 1,
      stdout: "",
      stderr: "skillset show: No skill named 'pdf-tool'. Did you mean pdf-tools?\n",
    });
    const ambiguous = await cli("show", "twin");
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.stderr).toMatchInlineSnapshot(`
      "skillset show: 'twin' is ambiguous; it names 2 skills:
        <tmp>/project/.agents/skills/twin/SKILL.md (repo, agents)
        <tmp>/project/.claude/skills/twin/SKILL.md (repo, claude)
      Name one by its path, or rename all but one.
      Their folders differ in SKILL.md. To make them one skill, keep one folder and replace the others with links to it (\`skillset add <source> --agent …\` links unless given \`--copy\`), or remove all but one.
      "
    `);
  });

  it("says why a skill at the path given failed to load: the file, the error's code and its fix (exit 1)", async () => {
    await temp.write({ "project/.agents/skills/huge/SKILL.md": "---\nname: huge\ndescription: Big.\n---\n" });
    truncateSync(temp.join("project/.agents/skills/huge/SKILL.md"), 9 * 1024 * 1024); // sparse: nothing to write
    const { code, stdout, stderr } = await cli("show", ".agents/skills/huge");
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr).toMatchInlineSnapshot(`
      "skillset show: No skill could be loaded from '.agents/skills/huge'; fix this error in its SKILL.md:
      .agents/skills/huge/SKILL.md
        error  This file is 9.0 MiB, over the 8 MiB limit for SKILL.md; move bulky content into files under references/.  file-too-large
      "
    `);
    expect((await cli("show", ".agents/skills/absent")).stderr).toContain(
      "No skill named '.agents/skills/absent'",
    );
  });

  it("says why a skill named by its name failed to load, instead of pointing to list --all (exit 1)", async () => {
    await temp.write({
      "project/.agents/skills/broken/SKILL.md":
        "---\nname: broken\ndescription: [unclosed\n  a: : b\n---\nBody.\n",
    });
    const { code, stdout, stderr } = await cli("show", "broken");
    expect({ code, stdout }).toEqual({ code: 1, stdout: "" });
    expect(stderr).toContain(
      "skillset show: Skill 'broken' did not load, so list, load and the model leave it out; fix this error in its SKILL.md:\n.agents/skills/broken/SKILL.md\n",
    );
    expect(stderr).toContain("yaml-invalid");
    expect(stderr).not.toContain("list --all");
    // A name nothing has, loaded or not, still gets the usual answer.
    expect((await cli("show", "absent")).stderr).toContain("No skill named 'absent'");
  });

  it("says a skill behind a link it did not follow (out of the roots) is left out, and why", async () => {
    await temp.writeSkill("elsewhere/linked", { name: "linked", description: "Use when linked." });
    await mkdir(temp.join("project/.agents/skills/linked"));
    await symlink(
      temp.join("elsewhere/linked/SKILL.md"),
      temp.join("project/.agents/skills/linked/SKILL.md"),
    );
    await symlink(temp.join("elsewhere/linked"), temp.join("project/.agents/skills/folded"));
    const file = await cli("show", "linked");
    expect(file.code).toBe(1);
    expect(file.stderr).toContain(
      "skillset show: Skill 'linked' did not load, so list, load and the model leave it out; fix this problem in its SKILL.md:",
    );
    expect(file.stderr).toContain("link-leaves-roots");
    const folder = await cli("show", "folded");
    expect(folder.stderr).toContain("fix this problem in the link to it:");
    expect(folder.stderr).toContain("discovery.followExternalLinks");
  });

  it("requires a name", async () => {
    const { code, stderr } = await cli("show");
    expect(code).toBe(2);
    expect(stderr).toContain("missing argument");
  });
});
