import { mkdir, symlink } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeSkill } from "../test/make-skill.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { importAgentSettings } from "./import-agent-settings.js";
import { createPermissions } from "./permissions.js";

// Which agents' files are read, and how, as the agents themselves do (SPEC §11), over real files in a temp
// HOME and project.
let temp: TempDir;
let home: string;
let projectRoot: string;
beforeEach(async () => {
  temp = await createTempDir("skillset-agent-files-");
  home = temp.join("home");
  projectRoot = temp.join("project");
  await mkdir(home, { recursive: true });
});
afterEach(() => temp.cleanup());

const skill = (name: string) =>
  makeSkill({
    name,
    dir: `${projectRoot}/.agents/skills/${name}`,
    path: `${projectRoot}/.agents/skills/${name}/SKILL.md`,
    id: `${projectRoot}/.agents/skills/${name}/SKILL.md`,
  });

async function decide(name: string, cwd?: string, env: Record<string, string> = { HOME: home }) {
  const imported = await importAgentSettings({ home, env, projectRoot, ...(cwd ? { cwd } : {}) });
  return createPermissions(imported.rules, { home }).decide(skill(name));
}

describe("Codex [[skills.config]]", () => {
  it("a path through a symbolic link matches the skill, canonicalised as Codex does", async () => {
    await temp.writeSkill("project/.agents/skills/linked", {
      name: "linked",
      description: "Use when linked.",
    });
    await mkdir(temp.join("home/links"), { recursive: true });
    await symlink(temp.join("project/.agents/skills"), temp.join("home/links/skills"));
    await temp.write({
      "home/.codex/config.toml": `[[skills.config]]\npath = "${home}/links/skills/linked/SKILL.md"\nenabled = false\n`,
    });
    const decision = await decide("linked");
    expect(decision.action).toBe("deny");
    expect(decision.rule?.origin.line).toBe(2);
  });

  it("is read from ~/.codex/config.toml only, never from a project's .codex/config.toml", async () => {
    await temp.write({
      "project/.codex/config.toml": '[[skills.config]]\nname = "from-project"\nenabled = false\n',
      "home/.codex/config.toml": '[[skills.config]]\nname = "from-home"\nenabled = false\n',
    });
    expect((await decide("from-project")).action).toBe("allow");
    expect((await decide("from-home")).action).toBe("deny");
  });
});

describe("OpenCode permission.skill", () => {
  it("reads .opencode/opencode.json, opencode.json between the project root and cwd, and ~/.config/opencode/config.json", async () => {
    await temp.write({
      "project/.opencode/opencode.json": '{"permission":{"skill":{"in-dot-opencode":"deny"}}}',
      "project/packages/app/opencode.json": '{"permission":{"skill":{"in-subfolder":"deny"}}}',
      "project/packages/app/src/.keep": "",
      "home/.config/opencode/config.json": '{"permission":{"skill":{"in-global-config":"deny"}}}',
      "home/.opencode/opencode.json": '{"permission":{"skill":{"in-home-dot-opencode":"deny"}}}',
    });
    const cwd = temp.join("project/packages/app/src");
    for (const name of ["in-dot-opencode", "in-subfolder", "in-global-config", "in-home-dot-opencode"]) {
      expect([name, (await decide(name, cwd)).action]).toEqual([name, "deny"]);
    }
    // A subfolder's file applies only when work happens below it.
    expect((await decide("in-subfolder")).action).toBe("allow");
  });

  it("a nearer file comes later and wins, as OpenCode merges them", async () => {
    await temp.write({
      "project/opencode.json": '{"permission":{"skill":{"tool":"deny"}}}',
      "project/app/opencode.json": '{"permission":{"skill":{"tool":"allow"}}}',
    });
    expect((await decide("tool", temp.join("project/app"))).action).toBe("allow");
    expect((await decide("tool")).action).toBe("deny");
  });
});
