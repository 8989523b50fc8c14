/**
 * SPEC §11: a plugin switched off in Claude Code (`enabledPlugins: { "name@marketplace": false }`) has its
 * skills off here too — hidden from the catalog, refused by mentions. The project's `.claude/settings.json`
 * and `settings.local.json` may switch a plugin off; switching back on one the person switched off needs
 * the person's trust (`skillset trust`), and then they take precedence over the user's, as in Claude Code.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { trustProject } from "../state/trust-project.js";
import { createTempProject, isolatedEnv, openTempSkillset, type TempDir } from "../test/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-plugin-off-");
  const plugin = "home/.claude/plugins/cache/mkt/toolbox/1.0.0";
  await temp.write({ [`${plugin}/.claude-plugin/plugin.json`]: JSON.stringify({ name: "toolbox" }) });
  await temp.writeSkill(`${plugin}/skills/fixer`, { name: "fixer", description: "Fixes things." }, "FIXER\n");
});
afterEach(() => temp.cleanup());

const installed = () =>
  JSON.stringify({
    version: 2,
    plugins: {
      "toolbox@mkt": [
        {
          scope: "user",
          installPath: temp.join("home/.claude/plugins/cache/mkt/toolbox/1.0.0"),
          version: "1.0.0",
        },
      ],
    },
  });
const settings = (enabled: Record<string, boolean>) => JSON.stringify({ enabledPlugins: enabled });

async function seenByModel(): Promise<{ listed: boolean; mentioned: boolean; skills: string[] }> {
  const skills = await openTempSkillset(temp);
  try {
    const session = skills.session({});
    const turn = await session.prepareTurn("$toolbox:fixer go", { source: "user" });
    return {
      listed: session.systemPrompt().includes("toolbox:fixer"),
      mentioned: turn.activations.some((activation) => activation.skill.qualifiedName === "toolbox:fixer"),
      skills: skills.registry.entries().map((entry) => entry.skill.qualifiedName),
    };
  } finally {
    await skills.close();
  }
}

describe("Claude Code's enabledPlugins", () => {
  it("false in the user's settings switches the installed plugin's skills off, naming the setting", async () => {
    await temp.write({
      "home/.claude/plugins/installed_plugins.json": installed(),
      "home/.claude/settings.json": settings({ "toolbox@mkt": false }),
    });
    expect(await seenByModel()).toEqual({ listed: false, mentioned: false, skills: ["toolbox:fixer"] });
    const skills = await openTempSkillset(temp);
    try {
      const rule = skills.policy.rules.find((found) => found.origin.setting?.startsWith("enabledPlugins"));
      expect(rule).toMatchObject({
        action: "deny",
        origin: {
          kind: "claude",
          file: temp.join("home/.claude/settings.json"),
          setting: "enabledPlugins.toolbox@mkt: false",
        },
      });
    } finally {
      await skills.close();
    }
  });

  it("true or absent changes nothing", async () => {
    await temp.write({ "home/.claude/plugins/installed_plugins.json": installed() });
    expect((await seenByModel()).listed).toBe(true);
    await temp.write({ "home/.claude/settings.json": settings({ "toolbox@mkt": true }) });
    expect(await seenByModel()).toMatchObject({ listed: true, mentioned: true });
  });

  it("the project's settings.json, then settings.local.json, win over the user's once the project is trusted", async () => {
    await temp.write({
      "home/.claude/plugins/installed_plugins.json": installed(),
      "home/.claude/settings.json": settings({ "toolbox@mkt": false }),
      "project/.claude/settings.json": settings({ "toolbox@mkt": true }),
    });
    expect((await seenByModel()).listed).toBe(false);
    await trustProject({ projectRoot: temp.join("project"), env: isolatedEnv(temp) });
    expect((await seenByModel()).listed).toBe(true);
    await temp.write({ "project/.claude/settings.local.json": settings({ "toolbox@mkt": false }) });
    expect((await seenByModel()).listed).toBe(false);
  });

  it("an untrusted project may switch a plugin off", async () => {
    await temp.write({
      "home/.claude/plugins/installed_plugins.json": installed(),
      "project/.claude/settings.json": settings({ "toolbox@mkt": false }),
    });
    expect((await seenByModel()).listed).toBe(false);
  });

  it("without installed_plugins.json, the plugin's cache folder is switched off", async () => {
    await temp.write({ "home/.claude/settings.json": settings({ "toolbox@mkt": false }) });
    expect((await seenByModel()).listed).toBe(false);
  });

  it("a switched-off plugin that is not here, or has no skills, is not a warning", async () => {
    const empty = temp.join("home/.claude/plugins/cache/mkt/empty/1.0.0");
    await temp.write({
      "home/.claude/plugins/cache/mkt/empty/1.0.0/.claude-plugin/plugin.json": JSON.stringify({
        name: "empty",
      }),
      "home/.claude/plugins/installed_plugins.json": JSON.stringify({
        version: 2,
        plugins: {
          ...JSON.parse(installed()).plugins,
          "empty@mkt": [{ scope: "user", installPath: empty, version: "1.0.0" }],
        },
      }),
      "home/.claude/settings.json": settings({
        "gone@mkt": false,
        "toolbox@other": false,
        "empty@mkt": false,
      }),
    });
    const skills = await openTempSkillset(temp);
    try {
      expect(skills.policy.rules.map((rule) => rule.origin.setting)).toEqual([
        "enabledPlugins.empty@mkt: false",
      ]);
      const skillList = skills.registry.entries().map((entry) => entry.skill);
      expect(skills.policy.check(skillList).map((found) => found.code)).toEqual([]);
      expect(skills.session({}).systemPrompt()).toContain("toolbox:fixer");
    } finally {
      await skills.close();
    }
  });
});
