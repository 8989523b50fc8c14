import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// SPEC §5 "Copies are one skill": what `npx skills add --copy` (and `skillset add --copy`) leave behind.
let temp: TempDir;

const ROOTS = [".agents/skills", ".claude/skills", ".codex/skills"];

beforeEach(async () => {
  temp = await createTempProject("skillset-copies-cli-");
  for (const root of ROOTS) {
    await temp.writeSkill(
      `project/${root}/pdf`,
      { name: "pdf", description: "Use when reading or filling PDF forms." },
      "PDF BODY\n",
    );
    await temp.write({ [`project/${root}/pdf/scripts/fill.py`]: "print('fill')\n" });
  }
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("copies in several agents' folders are one skill in the CLI", () => {
  it("list shows it once; list --all shows the copies, text and JSON", async () => {
    const list = await cli("list");
    expect(list.code).toBe(0);
    expect(list.stdout.match(/^pdf\b/gm)).toHaveLength(1);
    expect(list.stdout).not.toContain("ambiguous");

    const all = await cli("list", "--all");
    expect(all.stdout).toContain("pdf (also in claude, codex)");
    expect(all.stdout).toContain("pdf (duplicate of agents)");

    const json = JSON.parse((await cli("list", "--all", "--json")).stdout) as {
      skills: { path: string; state: { status: string; alsoIn?: string[]; duplicateOf?: string } }[];
    };
    const pdf = json.skills.filter((skill) => skill.path.includes("/pdf/"));
    expect(pdf.map((skill) => skill.state.status).sort()).toEqual(["duplicate", "duplicate", "effective"]);
    const effective = pdf.find((skill) => skill.state.status === "effective")!;
    expect(effective.path).toBe("<tmp>/project/.agents/skills/pdf/SKILL.md");
    expect(effective.state.alsoIn).toEqual([
      "<tmp>/project/.claude/skills/pdf/SKILL.md",
      "<tmp>/project/.codex/skills/pdf/SKILL.md",
    ]);
  });

  it("show names the other copies; load and resolve take the bare name", async () => {
    const show = await cli("show", "pdf");
    expect(show.code).toBe(0);
    expect(show.stdout).toContain("also in");
    expect(show.stdout).toContain("<tmp>/project/.claude/skills/pdf/SKILL.md");
    expect(show.stdout).toContain("<tmp>/project/.codex/skills/pdf/SKILL.md");

    const load = await cli("load", "pdf");
    expect(load.code).toBe(0);
    expect(load.stdout).toContain("PDF BODY");

    const resolve = await cli("resolve", "$pdf fill the form");
    expect(resolve.code).toBe(0);
    expect(resolve.stdout).toContain("pdf");
    expect(resolve.stdout).not.toContain("ambiguous");
  });

  it("copies that differ stay ambiguous and say which file differs", async () => {
    await temp.write({ "project/.codex/skills/pdf/scripts/fill.py": "print('other')\n" });
    const load = await cli("load", "pdf");
    expect(load.code).toBe(1);
    expect(load.stderr).toContain("Their folders differ in scripts/fill.py.");
    expect(load.stderr).toContain("replace the others with links to it");
    expect(load.stderr).toContain("remove all but one");
    const show = await cli("show", "pdf");
    expect(show.code).toBe(1);
    expect(show.stderr).toContain("Their folders differ in scripts/fill.py.");
  });
});
