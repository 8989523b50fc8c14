import { chmod } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-lint-");
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset lint", () => {
  it("warnings alone exit 0 and are printed by file", async () => {
    await temp.writeSkill(
      "project/skills/pdf",
      { name: "pdf", description: "PDF form filler." },
      "See [api](references/api.md).\n",
    );
    const result = await cli("lint", "skills");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "skills/pdf/SKILL.md
        3:1   warning  Description of 'pdf' does not say when to use the skill. Add a trigger to description in SKILL.md, e.g. "Use when the user asks to …".  description-says-when
        6:11  warning  SKILL.md refers to references/api.md, which does not exist in the skill's folder. Add the file or correct the path in SKILL.md.  missing-reference

      1 skill checked, 0 errors, 2 warnings
      "
    `);
  });

  it("errors exit 1", async () => {
    await temp.writeSkill("project/skills/claude-pdf", {
      name: "claude-pdf",
      description: "Use when <b>filling</b> PDFs.",
    });
    const result = await cli("lint", "skills");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("reserved-name");
    expect(result.stdout).toContain("no-xml-tags");
    expect(result.stdout).toContain("1 skill checked, 2 errors, 0 warnings");
  });

  it("reports findings in other files of the skill (references, scripts)", async () => {
    await temp.writeSkill(
      "project/skills/pdf",
      { name: "pdf", description: "Use when filling PDFs." },
      "See [a](references/a.md).\n",
    );
    await temp.write({
      "project/skills/pdf/references/a.md": "More in [b](b.md).\n",
      "project/skills/pdf/references/b.md": "B\n",
      "project/skills/pdf/scripts/run.sh": "#!/bin/sh\n",
    });
    await chmod(temp.join("project/skills/pdf/scripts/run.sh"), 0o644);
    const { stdout } = await cli("lint", "skills/pdf");
    expect(stdout).toContain(
      "skills/pdf/references/a.md\n  1:13  warning  references/a.md links on to references/b.md",
    );
    expect(stdout).toContain("skills/pdf/scripts/run.sh\n  1:1  warning  scripts/run.sh starts with #!");
  });

  it("without paths checks the project, exactly what validate checks, not HOME's skills", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", {
      name: "pdf",
      description: "Use when filling PDFs.",
    });
    await temp.writeSkill("project/skills/docx", { name: "docx", description: "Use for Word files." });
    await temp.writeSkill("home/.agents/skills/notes", { name: "notes", description: "Use for notes." });
    await temp.write({ "project/sub/keep.txt": "" });
    const paths = (document: { skills: { path: string }[] }) =>
      document.skills.map((skill) => skill.path).sort();
    const sub = (...argv: string[]) =>
      runCliCaptured({ argv, cwd: temp.join("project/sub"), env: isolatedEnv(temp), replaceTemp: temp.path });
    const linted = paths(JSON.parse((await sub("lint", "--json")).stdout));
    const validated = paths(JSON.parse((await sub("validate", "--json")).stdout));
    expect(linted).toEqual([
      "<tmp>/project/.agents/skills/pdf/SKILL.md",
      "<tmp>/project/skills/docx/SKILL.md",
    ]);
    expect(validated).toEqual(linted);
  });

  it("--discovered lints every discovered skill, naming duplicates across scopes", async () => {
    await temp.writeSkill("project/.agents/skills/pdf", {
      name: "pdf",
      description: "Use when filling PDFs.",
    });
    await temp.writeSkill("home/.agents/skills/pdf", { name: "pdf", description: "Use when filling PDFs." });
    const result = await cli("lint", "--discovered", "--json");
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json.summary).toEqual({ skills: 2, errors: 0, warnings: 2 });
    const messages = json.skills.flatMap((s: { diagnostics: { message: string }[] }) =>
      s.diagnostics.map((d) => d.message),
    );
    expect(messages.some((m: string) => m.includes("(user scope)"))).toBe(true);
    expect(messages.some((m: string) => m.includes("(repo scope)"))).toBe(true);
  });

  it("--json includes clean skills; --sarif describes the lint rules", async () => {
    await temp.writeSkill("project/skills/pdf", { name: "pdf", description: "Use when filling PDFs." });
    const json = JSON.parse((await cli("lint", "--json", "skills")).stdout);
    expect(json.skills).toEqual([
      {
        path: "<tmp>/project/skills/pdf/SKILL.md",
        dir: "<tmp>/project/skills/pdf",
        name: "pdf",
        valid: true,
        diagnostics: [],
      },
    ]);
    const sarif = JSON.parse((await cli("lint", "--sarif", "skills")).stdout);
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toContain(
      "description-says-when",
    );
    expect(sarif.runs[0].results).toEqual([]);
  });

  it("bad paths are findings (exit 1), bad flags usage errors (exit 2)", async () => {
    const missing = await cli("lint", "nope");
    expect(missing.code).toBe(1);
    expect(missing.stdout).toContain("Path does not exist: <tmp>/project/nope");
    expect((await cli("lint", "--strict")).code).toBe(2);
  });

  it("lists its rules in --help", async () => {
    const { stdout } = await cli("lint", "--help");
    expect(stdout).toContain("description-says-when");
    expect(stdout).toContain("allowed-tools-form");
  });
});
