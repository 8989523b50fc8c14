/**
 * The skill tools' input schemas follow the registry: a skill added and reloaded is in the `name` enum the
 * model is sent next, as it is in `system()`.
 */
import type { LanguageModelV3CallOptions } from "@ai-sdk/provider";
import { createSkillset } from "@skillset/core/session";
import { createTempProject, isolatedEnv, type TempDir } from "@skillset/core/test";
import { generateText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAiSkills } from "./create-ai-skills.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-ai-sdk-schema-");
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Write release notes from the git log" },
    "Run git log.\n",
  );
});
afterEach(() => temp.cleanup());

/** The `name` enum of `skill_load` and the `skill` enum of `use_skill`, as the model is sent them. */
async function enumsSent(tools: Parameters<typeof generateText>[0]["tools"]) {
  let sent: NonNullable<LanguageModelV3CallOptions["tools"]> = [];
  const model = new MockLanguageModelV3({
    doGenerate: async (options) => {
      sent = options.tools ?? [];
      return {
        content: [{ type: "text", text: "ok" }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 1, text: 1, reasoning: 0 },
        },
        warnings: [],
      };
    },
  });
  await generateText({ model, prompt: "go", ...(tools ? { tools } : {}) });
  const schema = (name: string) =>
    (sent.find((each) => each.name === name) as { inputSchema: { properties: Record<string, unknown> } })
      .inputSchema.properties;
  return { skill_load: schema("skill_load").name, use_skill: schema("use_skill").skill };
}

describe("the skill tools' schemas", () => {
  it("list the skills the registry has after a reload, as system() does", async () => {
    const skillset = await createSkillset({ cwd: temp.join("project"), env: isolatedEnv(temp) });
    try {
      const skills = await createAiSkills({ skillset });
      expect(await enumsSent(skills.tools)).toMatchObject({
        skill_load: { enum: ["release-notes"] },
        use_skill: { enum: ["release-notes"] },
      });
      await temp.writeSkill(
        "project/.agents/skills/deploy-checks",
        { name: "deploy-checks", description: "Check a deployment before it goes live" },
        "Check it.\n",
      );
      await skillset.registry.reload();
      expect(skills.system()).toContain("deploy-checks");
      // Spread into the app's own tool set, as an app does.
      expect(await enumsSent({ ...skills.tools })).toMatchObject({
        skill_load: { enum: ["deploy-checks", "release-notes"] },
        use_skill: { enum: ["deploy-checks", "release-notes"] },
      });
      await skills.session.close();
      expect((await enumsSent(skills.tools)).skill_load).toMatchObject({
        enum: ["deploy-checks", "release-notes"],
      });
    } finally {
      await skillset.close();
    }
  });
});
