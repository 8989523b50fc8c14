import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeSkill } from "../test/make-skill.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { importAgentSettings } from "./import-agent-settings.js";
import { createPermissions } from "./permissions.js";
import { createOverrides } from "./skill-overrides.js";

let temp: TempDir;
let home: string;
let projectRoot: string;
beforeEach(async () => {
  temp = await createTempDir();
  home = temp.join("home");
  projectRoot = temp.join("project");
});
afterEach(() => temp.cleanup());

const env = () => ({ HOME: home });
const skill = (name: string, namespace?: string) =>
  makeSkill({
    name,
    ...(namespace ? { namespace } : {}),
    dir: `${projectRoot}/.agents/skills/${name}`,
    path: `${projectRoot}/.agents/skills/${name}/SKILL.md`,
    id: `${projectRoot}/.agents/skills/${name}/SKILL.md`,
  });

const codexToml = (path: string) => `model = "gpt-5"

[[skills.config]]
name = "codex-off"
enabled = false

[[skills.config]]
path = "${path}"
enabled = false

[[skills.config]]
name = "codex-back-on"
enabled = false

[[skills.config]]
name = "codex-back-on"
enabled = true
`;

const claudeUser = {
  permissions: { deny: ["Skill(claude-denied)", "Bash(rm:*)"], allow: ["Skill(claude-allowed *)"] },
  skillOverrides: {
    "claude-off": "off",
    "model-hidden": "user-invocable-only",
    terse: "name-only",
    flipped: "off",
  },
};
const claudeLocal = { skillOverrides: { flipped: "on" }, permissions: { ask: ["Skill(claude-ask:*)"] } };

describe("importAgentSettings with real files in a temp HOME and project", () => {
  it("turns each agent's switches into rules that carry their file", async () => {
    await temp.write({
      "home/.codex/config.toml": codexToml(`${projectRoot}/.agents/skills/by-path/SKILL.md`),
      "home/.claude/settings.json": JSON.stringify(claudeUser),
      "project/.claude/settings.local.json": JSON.stringify(claudeLocal),
      "home/.config/opencode/opencode.json": `{
        // comments are allowed in OpenCode's files
        "permission": { "skill": { "oc-*": "deny", "oc-keep": "allow", } }
      }`,
    });
    const imported = await importAgentSettings({ home, env: env(), projectRoot });
    expect(imported.diagnostics.map((d) => [d.code, d.field])).toEqual([
      ["project-setting-ignored", "skillOverrides.flipped: on"],
    ]);
    expect(imported.files).toEqual([
      temp.join("home/.codex/config.toml"),
      temp.join("home/.claude/settings.json"),
      temp.join("project/.claude/settings.local.json"),
      temp.join("home/.config/opencode/opencode.json"),
    ]);
    const permissions = createPermissions(imported.rules, { home });
    const decide = (name: string) => permissions.decide(skill(name)).action;
    expect(decide("codex-off")).toBe("deny");
    expect(decide("by-path")).toBe("deny");
    expect(decide("codex-back-on")).toBe("allow");
    expect(decide("claude-denied")).toBe("deny");
    expect(decide("claude-allowed")).toBe("allow");
    expect(decide("claude-ask")).toBe("ask");
    expect(decide("claude-off")).toBe("deny");
    // The project's `flipped: on` may not undo the person's own `off` (SPEC §11): the project is not trusted.
    expect(decide("flipped")).toBe("deny");
    expect(decide("oc-thing")).toBe("deny");
    expect(decide("oc-keep")).toBe("allow");
    expect(decide("anything")).toBe("allow");

    const codexRule = imported.rules.find((rule) => rule.skill === "codex-off");
    expect(codexRule?.origin).toEqual({
      kind: "codex",
      file: temp.join("home/.codex/config.toml"),
      setting: '[[skills.config]] name = "codex-off", enabled = false',
      line: 4,
    });
    expect(imported.rules.find((rule) => rule.skill === "claude-off")?.origin.file).toBe(
      temp.join("home/.claude/settings.json"),
    );
    expect(imported.rules.find((rule) => rule.skill === "claude-ask")?.origin.file).toBe(
      temp.join("project/.claude/settings.local.json"),
    );
    expect(imported.rules.some((rule) => rule.origin.setting?.includes("Bash"))).toBe(false);

    const overrides = createOverrides(imported.overrides, home);
    expect(overrides.invocation(skill("model-hidden"))).toEqual({ model: false, user: true });
    expect(overrides.nameOnly(skill("terse"))).toBe(true);
    expect(overrides.apply(skill("terse")).description).toBe("");
    expect(overrides.apply(skill("pdf"))).toEqual(skill("pdf"));
  });

  it("reads CODEX_HOME, CLAUDE_CONFIG_DIR, XDG_CONFIG_HOME and the project's files", async () => {
    await temp.write({
      "codex-home/config.toml":
        '[[skills.config]]\nname = "a"\nenabled = false\n[[skills.config]]\nname = "b"\nenabled = false\n',
      "claude-dir/settings.json": '{"permissions":{"deny":["Skill(c)"]}}',
      "project/.claude/settings.json": '{"permissions":{"deny":["Skill(d)"]}}',
      "xdg/opencode/opencode.json": '{"permission":{"skill":{"e":"deny"}}}',
      "project/opencode.json": '{"permission":{"skill":"ask"}}',
    });
    const imported = await importAgentSettings({
      home,
      env: {
        CODEX_HOME: temp.join("codex-home"),
        CLAUDE_CONFIG_DIR: temp.join("claude-dir"),
        XDG_CONFIG_HOME: temp.join("xdg"),
      },
      projectRoot,
    });
    const permissions = createPermissions(imported.rules, { home });
    for (const name of ["a", "b", "c", "d"]) expect(permissions.decide(skill(name)).action).toBe("deny");
    // The project's `"skill": "ask"` is read apart from the person's files: the user's `e: deny` holds.
    expect(permissions.decide(skill("e")).action).toBe("deny");
    expect(permissions.decide(skill("f")).action).toBe("ask");
  });

  it("a project's files narrow only: allow rules and overrides need the person's trust", async () => {
    await temp.write({
      "home/.claude/settings.json": JSON.stringify({
        permissions: { ask: ["Skill(deploy)"] },
        skillOverrides: { flipped: "off", hidden: "user-invocable-only" },
      }),
      "project/.claude/settings.json": JSON.stringify({
        permissions: { allow: ["Skill(deploy)"], deny: ["Skill(extra-deny)"] },
        skillOverrides: { flipped: "on", hidden: "name-only" },
      }),
      "home/.config/opencode/opencode.json": '{"permission":{"skill":{"e":"deny"}}}',
      "project/opencode.json": '{"permission":{"skill":"ask"}}',
    });
    const untrusted = await importAgentSettings({ home, env: env(), projectRoot });
    const narrow = createPermissions(untrusted.rules, { home });
    expect(narrow.decide(skill("deploy")).action).toBe("ask");
    expect(narrow.decide(skill("extra-deny")).action).toBe("deny");
    expect(narrow.decide(skill("flipped")).action).toBe("deny");
    expect(narrow.decide(skill("e")).action).toBe("deny");
    expect(createOverrides(untrusted.overrides, home).invocation(skill("hidden")).model).toBe(false);
    expect(untrusted.diagnostics.map((d) => [d.code, d.path, d.field])).toEqual([
      [
        "project-setting-ignored",
        temp.join("project/.claude/settings.json"),
        "permissions.allow: Skill(deploy)",
      ],
      ["project-setting-ignored", temp.join("project/.claude/settings.json"), "skillOverrides.flipped: on"],
      [
        "project-setting-ignored",
        temp.join("project/.claude/settings.json"),
        "skillOverrides.hidden: name-only",
      ],
    ]);
    expect(untrusted.diagnostics[0]?.message).toContain("run `skillset trust` in this project to allow it");

    let asked = 0;
    const trusted = await importAgentSettings({
      home,
      env: env(),
      projectRoot,
      trust: async () => {
        asked++;
        return { state: "trusted" };
      },
    });
    expect(asked).toBe(1);
    const wide = createPermissions(trusted.rules, { home });
    expect(wide.decide(skill("deploy")).action).toBe("allow");
    // `flipped: on` undid the person's `off`; the project's OpenCode `ask` (every skill) now decides.
    expect(wide.decide(skill("flipped")).action).toBe("ask");
    expect(wide.decide(skill("e")).action).toBe("ask");
    expect(trusted.diagnostics).toEqual([]);
  });

  it("a malformed config.toml or settings.json is a warning naming the file; nothing else is lost", async () => {
    await temp.write({
      "home/.codex/config.toml": '[[skills.config]\nname = "x"\n',
      "codex-home/config.toml":
        '[[skills.config]]\nname = "codex-project"\nenabled = false\n[[skills.config]]\nenabled = false\n',
      "home/.claude/settings.json": '{ "permissions": { "deny": ["Skill(x)"], } ',
      "project/.claude/settings.json":
        '{"permissions":{"deny":"Skill(y)"},"skillOverrides":{"z":"off","w":"sometimes"}}',
      "project/opencode.json": '{"permission":{"skill":{"q":"maybe","r":"deny"}}}',
    });
    const [imported, second] = await Promise.all([
      importAgentSettings({ home, env: env(), projectRoot }),
      importAgentSettings({ home, env: { CODEX_HOME: temp.join("codex-home") }, projectRoot }),
    ]);
    imported.rules.push(...second.rules.filter((rule) => rule.origin.kind === "codex"));
    imported.diagnostics.push(...second.diagnostics.filter((d) => d.path.endsWith("config.toml")));
    const byFile = (file: string) =>
      imported.diagnostics.filter((d) => d.path === temp.join(file)).map((d) => d.message);
    expect(
      imported.diagnostics.every((d) => d.code === "agent-settings-invalid" && d.severity === "warning"),
    ).toBe(true);
    expect(byFile("home/.codex/config.toml")[0]).toMatch(/config\.toml is not valid TOML at line 1/);
    expect(byFile("codex-home/config.toml")[0]).toContain("entry 2 without a `path` or `name`");
    expect(byFile("home/.claude/settings.json")[0]).toContain("is not valid JSON at line 1");
    expect(byFile("project/.claude/settings.json")).toHaveLength(2);
    expect(byFile("project/opencode.json")[0]).toContain('permission.skill["q"] = "maybe"');
    const permissions = createPermissions(imported.rules, { home });
    expect(permissions.decide(skill("codex-project")).action).toBe("deny");
    expect(permissions.decide(skill("z")).action).toBe("deny");
    expect(permissions.decide(skill("r")).action).toBe("deny");
    expect(permissions.decide(skill("x")).action).toBe("allow");
  });

  it("finds nothing and warns about nothing when no agent is configured", async () => {
    expect(await importAgentSettings({ home, env: env(), projectRoot })).toEqual({
      rules: [],
      overrides: [],
      files: [],
      diagnostics: [],
    });
  });
});
