import { renderSkillFile, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-watch-cli-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
});
afterEach(() => temp.cleanup());

/** Runs the CLI; `onReady` runs once the command reports that it is watching. */
async function cli(argv: string[], onReady: () => Promise<void> = async () => {}) {
  let ready: Promise<void> = Promise.resolve();
  const result = await runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    replaceTemp: temp.path,
    onStderr(text) {
      if (text.startsWith("Watching")) ready = onReady();
    },
  });
  await ready;
  return result;
}

describe("skillset watch", () => {
  it("prints changes as they happen and stops after the first batch with --once", async () => {
    const { code, stdout, stderr } = await cli(["watch", "--once"], () =>
      temp.write({
        "project/.agents/skills/notes/SKILL.md": renderSkillFile({ name: "notes", description: "Notes." }),
      }),
    );
    expect(code).toBe(0);
    expect(stderr).toBe("Watching 1 skill root (1 skill) for changes; press Ctrl-C to stop.\n");
    expect(stdout).toBe("added    notes (repo, effective)  <tmp>/project/.agents/skills/notes/SKILL.md\n");
  });

  it("prints JSON lines", async () => {
    const { stdout } = await cli(["watch", "--once", "--json"], () =>
      temp.write({
        "project/.agents/skills/pdf/SKILL.md": renderSkillFile({ name: "pdf", description: "Edited." }),
      }),
    );
    expect(JSON.parse(stdout)).toMatchObject({
      schemaVersion: 1,
      type: "changed",
      skill: {
        name: "pdf",
        path: "<tmp>/project/.agents/skills/pdf/SKILL.md",
        scope: "repo",
        state: { status: "effective", enabled: true },
      },
    });
  });

  it("says why a skill whose SKILL.md stopped loading was removed (text and JSON)", async () => {
    const broken = "---\nname: pdf\ndescription: [unclosed\n  - : :\n---\nBody\n";
    const text = await cli(["watch", "--once"], () =>
      temp.write({ "project/.agents/skills/pdf/SKILL.md": broken }),
    );
    expect(text.stdout).toMatch(
      /^removed {2}pdf \(repo, effective\) {2}<tmp>\/project\/\.agents\/skills\/pdf\/SKILL\.md\n {9}not loaded: .+ \[[a-z-]+\]\n$/,
    );
    await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
    const json = await cli(["watch", "--once", "--json"], () =>
      temp.write({ "project/.agents/skills/pdf/SKILL.md": broken }),
    );
    const line = JSON.parse(json.stdout);
    expect(line.type).toBe("removed");
    expect(line.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", path: "<tmp>/project/.agents/skills/pdf/SKILL.md" }),
    ]);
  });

  it("stops after --timeout milliseconds, and refuses a bad timeout", async () => {
    const started = performance.now();
    const { code, stdout } = await cli(["watch", "--timeout", "50"]);
    expect({ code, stdout }).toEqual({ code: 0, stdout: "" });
    expect(performance.now() - started).toBeLessThan(5_000);
    const bad = await cli(["watch", "--timeout", "soon"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--timeout takes a whole number of milliseconds, not 'soon'");
  });
});
