import { readdir, readFile } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-enable-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
  await temp.writeSkill("home/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs (user)." });
  await temp.writeSkill("project/.agents/skills/docx", { name: "docx", description: "Use for Word files." });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("skillset enable / disable", () => {
  it("enable --project cannot undo the person's own disable until they trust the project, and says so", async () => {
    await cli("disable", "docx");
    const enabled = await cli("enable", "docx", "--project");
    expect(enabled.stderr).toContain(
      "docx at <tmp>/project/.agents/skills/docx/SKILL.md is still disabled: your own settings switch it off, and a project's state file may only switch skills off. Run `skillset enable docx` without --project, or `skillset trust` in this project.",
    );
    const listed = await cli("list", "--all");
    expect(listed.stdout).toContain("docx (disabled)");
    expect(listed.stderr).toContain(
      "1 project setting ignored: a project's own files may only narrow what you allow",
    );
    expect((await cli("trust")).code).toBe(0);
    expect((await cli("list")).stdout).toContain("docx");
  });

  it("disables every skill of a name in the user state, and enables it again", async () => {
    const disabled = await cli("disable", "pdf");
    expect(disabled.code).toBe(0);
    expect(disabled.stdout).toMatchInlineSnapshot(`
      "Disabled pdf (repo) <tmp>/project/.agents/skills/pdf/SKILL.md
      Disabled pdf (user) <tmp>/home/.agents/skills/pdf/SKILL.md
      Recorded 'pdf' as disabled in <tmp>/home/.config/skillset/state.json.
      "
    `);
    const state = JSON.parse(await readFile(temp.join("home/.config/skillset/state.json"), "utf8"));
    expect(state.disabled).toEqual(["pdf"]);
    expect((await cli("list")).stdout).not.toContain("pdf");
    expect((await cli("list", "--all")).stdout).toContain("pdf (disabled)");
    const enabled = await cli("enable", "pdf");
    expect(enabled.stdout).toMatchInlineSnapshot(`
      "Enabled pdf (repo) <tmp>/project/.agents/skills/pdf/SKILL.md
      Enabled pdf (user) <tmp>/home/.agents/skills/pdf/SKILL.md
      Recorded 'pdf' as enabled in <tmp>/home/.config/skillset/state.json.
      "
    `);
  });

  it("undoes a setting made with another form of the same skill: SKILL.md or folder path, or its name", async () => {
    const state = async () =>
      JSON.parse(await readFile(temp.join("home/.config/skillset/state.json"), "utf8")) as {
        disabled: string[];
        enabled: string[];
      };
    const usable = async () => (await cli("load", "docx")).code === 0;
    await cli("disable", ".agents/skills/docx/SKILL.md");
    expect(await usable()).toBe(false);
    const byFolder = await cli("enable", ".agents/skills/docx");
    expect(byFolder.stderr).toBe("");
    expect(await usable()).toBe(true);
    expect((await state()).disabled).toEqual([]);

    await cli("disable", ".agents/skills/docx");
    const byName = await cli("enable", "docx");
    expect(byName.stderr).toBe("");
    expect(await usable()).toBe(true);
    expect(await state()).toMatchObject({ disabled: [], enabled: ["docx"] });

    // And back: a name's disable wins over the path entry it replaces.
    await cli("enable", ".agents/skills/docx/SKILL.md");
    await cli("disable", "docx");
    expect(await usable()).toBe(false);
    expect(await state()).toMatchObject({ disabled: ["docx"], enabled: [] });
  });

  it("an exact name (pdf@user, as completion offers it) disables that one skill, not every pdf", async () => {
    const disabled = await cli("disable", "pdf@user", "--json");
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout).key).toBe("<tmp>/home/.agents/skills/pdf/SKILL.md");
    const listed = JSON.parse((await cli("list", "--all", "--json")).stdout).skills as {
      path: string;
      state: { enabled: boolean };
    }[];
    const enabled = (path: string) => listed.find((skill) => skill.path === `<tmp>/${path}`)?.state.enabled;
    expect(enabled("home/.agents/skills/pdf/SKILL.md")).toBe(false);
    expect(enabled("project/.agents/skills/pdf/SKILL.md")).toBe(true);
  });

  it("disables one skill by path in the project state with --project", async () => {
    const { code, stdout } = await cli("disable", ".agents/skills/docx", "--project");
    expect(code).toBe(0);
    expect(stdout).toMatchInlineSnapshot(`
      "Disabled docx (repo) <tmp>/project/.agents/skills/docx/SKILL.md
      Recorded '<tmp>/project/.agents/skills/docx' as disabled in <tmp>/project/.skillset/state.json.
      "
    `);
    const listed = await cli("list", "--all");
    expect(listed.stdout).toContain("docx (disabled)");
  });

  it("warns when the project state overrides the user's choice", async () => {
    await cli("disable", "docx", "--project");
    const { code, stdout, stderr } = await cli("enable", "docx");
    expect(code).toBe(0);
    expect(stdout).toBe("Recorded 'docx' as enabled in <tmp>/home/.config/skillset/state.json.\n");
    expect(stderr).toBe(
      "skillset enable: warning: docx at <tmp>/project/.agents/skills/docx/SKILL.md is still disabled; the project's .skillset/state.json (use --project) or SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS decides.\n",
    );
  });

  it("refuses an unknown name with near names, and records it only with --force", async () => {
    const refused = await cli("disable", "pdff");
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "skillset disable: No skill named 'pdff'. Did you mean pdf? Nothing was recorded; add --force to record 'pdff' for a skill that does not exist yet.\n",
    });
    expect((await cli("state", "--json")).stdout).toContain('"disabled": []');
    const { code, stdout, stderr } = await cli("disable", "pdff", "--force");
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toBe(
      "No skill named 'pdff' exists yet; the setting applies once one appears.\nRecorded 'pdff' as disabled in <tmp>/home/.config/skillset/state.json.\n",
    );
  });

  it("shows saved settings with `skillset state` and forgets one with --reset", async () => {
    await cli("disable", "pdf");
    const before = await cli("state");
    expect(before.stdout).toContain(
      "user settings: <tmp>/home/.config/skillset/state.json\n  disabled  pdf\n",
    );
    const reset = await cli("enable", "pdf", "--reset", "--json");
    expect(JSON.parse(reset.stdout)).toMatchObject({
      schemaVersion: 1,
      key: "pdf",
      layer: "user",
      reset: true,
    });
    const after = JSON.parse((await cli("state", "--json")).stdout);
    expect(after.layers[0]).toMatchObject({ layer: "user", enabled: [], disabled: [] });
    expect((await cli("enable", "pdf", "--reset")).stdout).toContain("No saved setting for 'pdf'");
  });

  it("prints JSON with the skills it changed", async () => {
    const { code, stdout } = await cli("disable", "pdf", "--json");
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({ schemaVersion: 1, key: "pdf", layer: "user", disabled: true });
    expect(output.changed[0]).toMatchObject({ name: "pdf", state: { enabled: false } });
  });

  it("says so and exits 1 when it had to move a damaged state file aside", async () => {
    const folder = temp.join("home/.config/skillset");
    await temp.write({ "home/.config/skillset/state.json": '{"version":1,"disabled":"pdf","enabled":[]}' });
    const { code, stdout, stderr } = await cli("disable", "docx");
    expect(code).toBe(1);
    expect(stdout).toContain("Recorded 'docx' as disabled");
    const aside = (await readdir(folder)).find((name) => name.startsWith("state.json.corrupt-"));
    expect(aside).toBeDefined();
    expect(stderr).toBe(
      `skillset disable: error: State file <tmp>/home/.config/skillset/state.json was damaged ('disabled' must be a list whose items are each a non-empty string (got "pdf")); moved it to <tmp>/home/.config/skillset/${aside} and rewrote <tmp>/home/.config/skillset/state.json keeping the 1 setting still legible in it. Compare the two if a setting is missing.\n`,
    );
    // The single string was read as a list of that one name: pdf stays disabled beside docx.
    expect(JSON.parse(await readFile(`${folder}/state.json`, "utf8"))).toMatchObject({
      disabled: ["docx", "pdf"],
    });
    expect(await readFile(`${folder}/${aside}`, "utf8")).toContain('"disabled":"pdf"');

    // A truncated file: what is legible is kept, and --json carries the diagnostic.
    await temp.write({ "home/.config/skillset/state.json": '{"version":1,"disabled":["pdf","x' });
    const json = await cli("enable", "docx", "--json");
    expect(json.code).toBe(1);
    expect(json.stderr).toContain(
      "skillset enable: error: State file <tmp>/home/.config/skillset/state.json was damaged",
    );
    const output = JSON.parse(json.stdout);
    expect(output.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        code: "state-corrupt",
        path: "<tmp>/home/.config/skillset/state.json",
      }),
    ]);
    expect(output.diagnostics[0].message).toContain("keeping the 1 setting still legible in it");
    const state = JSON.parse(await readFile(`${folder}/state.json`, "utf8"));
    expect(state).toMatchObject({ disabled: ["pdf"], enabled: ["docx"] });
  });

  it("--reset says so and exits 1 when it had to move a damaged state file aside", async () => {
    await temp.write({ "home/.config/skillset/state.json": '{"version":1,"disabled":["pdf","x' });
    const text = await cli("enable", "pdf", "--reset");
    expect(text.code).toBe(1);
    expect(text.stderr).toContain(
      "skillset enable: error: State file <tmp>/home/.config/skillset/state.json was damaged",
    );
    expect(text.stdout).toContain("Forgot the saved setting for 'pdf'");
    await temp.write({ "home/.config/skillset/state.json": '{"version":1,"disabled":["pdf","x' });
    const json = await cli("disable", "pdf", "--reset", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "state-corrupt" }),
    ]);
  });

  it("needs exactly one name", async () => {
    expect((await cli("enable")).code).toBe(2);
    expect((await cli("disable", "a", "b")).code).toBe(2);
  });
});
