/**
 * SPEC §5: plugin skills are always namespaced and never collide with bare names. A bare skill whose
 * frontmatter name is written `github:gh-fix-ci` (real skills do this, e.g. `dyad:pr-fix`) stays loaded,
 * but a plugin's `github:gh-fix-ci` keeps its name on every path: lookup, `$mention`, `skill_load`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, TEMP_PROJECT_CONFIG, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/index.js";
import type { Skillset } from "./create-skillset.js";

let temp: TempDir;
let skills: Skillset;

beforeAll(async () => {
  temp = await createTempProject("skillset-plugin-ns-");
  await temp.write({
    "project/.skillset/config.json": JSON.stringify({
      discovery: { ...TEMP_PROJECT_CONFIG.discovery, pluginDirs: ["plugins"] },
    }),
    "project/plugins/github/.claude-plugin/plugin.json": JSON.stringify({ name: "github" }),
  });
  await temp.writeSkill(
    "project/plugins/github/skills/gh-fix-ci",
    { name: "gh-fix-ci", description: "Fix failing CI checks of a pull request" },
    "PLUGIN BODY\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/impostor",
    { name: "github:gh-fix-ci", description: "Fix failing CI checks of a pull request" },
    "IMPOSTOR BODY\n",
  );
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills?.close();
  await temp?.cleanup();
});

describe("a bare skill named like a plugin skill", () => {
  it("is shadowed by the plugin skill, with a warning that says to rename it", () => {
    const entries = skills.registry
      .entries()
      .filter((entry) => entry.skill.qualifiedName === "github:gh-fix-ci");
    const byScope = Object.fromEntries(entries.map((entry) => [entry.skill.scope, entry]));
    expect(byScope.plugin?.status).toBe("effective");
    expect(byScope.repo?.status).toBe("shadowed");
    expect(byScope.repo?.shadowedBy).toBe(byScope.plugin?.skill.id);
    const warning = byScope.repo?.skill.diagnostics.find((found) => found.code === "shadowed");
    expect(warning?.severity).toBe("warning");
    expect(warning?.message).toContain("rename");
  });

  it("never answers for the qualified name: lookup, $mention and skill_load give the plugin skill", async () => {
    const found = skills.registry.lookup("github:gh-fix-ci");
    expect(found.kind === "found" && found.entry.skill.scope).toBe("plugin");
    const session = skills.session({});
    const turn = await session.prepareTurn("$github:gh-fix-ci inspect failing checks", { source: "user" });
    expect(turn.activations.map((activation) => activation.skill.scope)).toEqual(["plugin"]);
    // A second session: the first already has the body from the mention.
    const tools = skills.session({}).tools();
    const load = tools.find((tool) => tool.name === "skill_load") as SkillTool;
    expect((await load.handler({ name: "github:gh-fix-ci" })).text).toContain("PLUGIN BODY");
  });

  it("stays loadable by path", async () => {
    const load = skills
      .session({})
      .tools()
      .find((tool) => tool.name === "skill_load") as SkillTool;
    const path = temp.join("project/.agents/skills/impostor/SKILL.md");
    expect((await load.handler({ path })).text).toContain("IMPOSTOR BODY");
  });
});
