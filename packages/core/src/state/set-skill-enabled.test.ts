import { mkdir, readFile, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { loadEnablement } from "./load-enablement.js";
import { setSkillEnabled } from "./set-skill-enabled.js";
import { trustProject } from "./trust-project.js";

let temp: TempDir;
let location: { projectRoot: string; env: Record<string, string | undefined>; home: string };

beforeEach(async () => {
  temp = await createTempDir();
  location = {
    projectRoot: temp.join("project"),
    env: { XDG_CONFIG_HOME: temp.join("xdg") },
    home: temp.join("home"),
  };
});
afterEach(() => temp.cleanup());

const ref = (name: string, path: string, namespace?: string) => ({
  name,
  qualifiedName: namespace ? `${namespace}:${name}` : name,
  id: path,
  path,
});

async function enabled(skill: ReturnType<typeof ref>, env: Record<string, string> = {}): Promise<boolean> {
  const { enablement, diagnostics } = await loadEnablement({ ...location, env: { ...location.env, ...env } });
  expect(diagnostics).toEqual([]);
  return enablement.isEnabled(skill);
}

describe("setSkillEnabled and loadEnablement", () => {
  it("round-trips disable and enable in the user layer (the default)", async () => {
    const pdf = ref("pdf", "/s/pdf/SKILL.md");
    await setSkillEnabled({ ...location, key: "pdf", enabled: false });
    expect(JSON.parse(await readFile(temp.join("xdg/skillset/state.json"), "utf8"))).toEqual({
      version: 1,
      disabled: ["pdf"],
      enabled: [],
    });
    expect(await enabled(pdf)).toBe(false);
    await setSkillEnabled({ ...location, key: "pdf", enabled: true });
    expect(await enabled(pdf)).toBe(true);
    expect(JSON.parse(await readFile(temp.join("xdg/skillset/state.json"), "utf8"))).toMatchObject({
      disabled: [],
    });
  });

  it("lets a project entry re-enable a user-disabled skill only in a project the person trusts", async () => {
    const pdf = ref("pdf", "/s/pdf/SKILL.md");
    await setSkillEnabled({ ...location, key: "pdf", enabled: false });
    await setSkillEnabled({ ...location, key: "pdf", enabled: true, layer: "project" });
    expect(await readFile(temp.join("project/.skillset/state.json"), "utf8")).toContain('"pdf"');
    const untrusted = await loadEnablement(location);
    expect(untrusted.enablement.isEnabled(pdf)).toBe(false);
    expect(untrusted.enablement.disabledKeys).toEqual(["pdf"]);
    expect(untrusted.diagnostics).toEqual([
      expect.objectContaining({
        code: "project-setting-ignored",
        path: temp.join("project/.skillset/state.json"),
        message: expect.stringContaining("run `skillset trust` in this project"),
      }),
    ]);
    await trustProject(location);
    expect(await enabled(pdf)).toBe(true);
    const { enablement } = await loadEnablement(location);
    expect(enablement.disabledKeys).toEqual([]);
  });

  it("stores path keys absolute and real, so they match the skill id", async () => {
    await temp.writeSkill("real/pdf", { name: "pdf", description: "PDF files" });
    await mkdir(temp.join("project"), { recursive: true });
    await symlink(temp.join("real"), temp.join("project/linked"));
    await setSkillEnabled({ ...location, key: "linked/pdf", enabled: false, layer: "project" });
    const state = JSON.parse(await readFile(temp.join("project/.skillset/state.json"), "utf8"));
    expect(state.disabled).toEqual([temp.join("real/pdf")]);
    const skillFile = temp.join("real/pdf/SKILL.md");
    expect(await enabled(ref("pdf", skillFile))).toBe(false);
    expect(await enabled({ ...ref("pdf", skillFile), path: temp.join("project/linked/pdf/SKILL.md") })).toBe(
      false,
    );
    expect(await enabled(ref("pdf", temp.join("other/pdf/SKILL.md")))).toBe(true);
  });

  it("expands ~ in path keys and keeps missing paths as written", async () => {
    await setSkillEnabled({ ...location, key: "~/skills/x", enabled: false });
    const state = JSON.parse(await readFile(temp.join("xdg/skillset/state.json"), "utf8"));
    expect(state.disabled).toEqual([join(location.home, "skills/x")]);
  });

  it("handles qualified names separately from bare names", async () => {
    await setSkillEnabled({ ...location, key: "acme:pdf", enabled: false });
    expect(await enabled(ref("pdf", "/p/acme/pdf/SKILL.md", "acme"))).toBe(false);
    expect(await enabled(ref("pdf", "/s/pdf/SKILL.md"))).toBe(true);
  });

  it("applies SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS and overrides above both files", async () => {
    const pdf = ref("pdf", "/s/pdf/SKILL.md");
    await setSkillEnabled({ ...location, key: "pdf", enabled: false, layer: "project" });
    expect(await enabled(pdf, { SKILLSET_ENABLE_SKILLS: "pdf" })).toBe(true);
    expect(await enabled(ref("docx", "/s/docx/SKILL.md"), { SKILLSET_DISABLE_SKILLS: " docx , x" })).toBe(
      false,
    );
    const { enablement } = await loadEnablement({
      ...location,
      overrides: { disabled: ["docx"], enabled: ["pdf"] },
    });
    expect(enablement.isEnabled(pdf)).toBe(true);
    expect(enablement.disabledKeys).toEqual(["docx"]);
  });

  it("reports a damaged state file but still applies what it can read", async () => {
    await temp.write({ "xdg/skillset/state.json": '{"version": 1, "disabled": ["pdf", "do' });
    const { enablement, diagnostics } = await loadEnablement(location);
    expect(diagnostics.map((d) => d.code)).toEqual(["state-corrupt"]);
    expect(enablement.isEnabled(ref("pdf", "/s/pdf/SKILL.md"))).toBe(false);
    const change = await setSkillEnabled({ ...location, key: "docx", enabled: false });
    expect(change.diagnostics.map((d) => d.code)).toEqual(["state-corrupt"]);
    expect(change.state.disabled).toEqual(["docx", "pdf"]);
  });

  it("rejects an empty key", async () => {
    const error = await setSkillEnabled({ ...location, key: "  ", enabled: false }).catch((e: unknown) => e);
    expect(SkillsetError.isInstance(error) && error.code).toBe("state-key-invalid");
  });
});
