/**
 * What an app's compiler sees of `skills.tools` (`tsc -p tsconfig.tests.json` checks this file; a wrong
 * type fails the lint, and `expectTypeOf` fails here): the four tools by name, so tool sets built from
 * them keep the names in typed results, and each tool's `execute` is there to call.
 */
import type { ToolResult } from "@skillset/core/tools";
import { generateText, jsonSchema, type LanguageModel, tool } from "ai";
import { describe, expectTypeOf, it } from "vitest";
import type { AiSkills } from "./create-ai-skills.js";

/** An app's turn with its own tool beside the skill tools: it compiles only with the exact names. */
async function appTurn(skills: AiSkills, model: LanguageModel): Promise<string[]> {
  const bash = tool({
    description: "Run a shell command",
    inputSchema: jsonSchema<{ command: string }>({
      type: "object",
      properties: { command: { type: "string" } },
    }),
    execute: async ({ command }) => `ran ${command}`,
  });
  const result = await generateText({ model, prompt: "go", tools: { ...skills.tools, bash } });
  const loaded = result.staticToolCalls.filter((call) => call.toolName === "skill_load");
  const direct = await skills.tools.skill_load.execute({ name: "pdf" }, { toolCallId: "1", messages: [] });
  return [...loaded.map((call) => call.toolCallId), direct.text];
}

describe("AiSkills['tools']", () => {
  it("has exactly the four skill tools' names", () => {
    expectTypeOf<keyof AiSkills["tools"]>().toEqualTypeOf<
      "skill_search" | "skill_load" | "use_skill" | "skill_read"
    >();
    expectTypeOf(appTurn).returns.resolves.toEqualTypeOf<string[]>();
  });

  it("gives each tool an execute that answers the core's ToolResult", () => {
    const useSkill = (skills: AiSkills) =>
      skills.tools.use_skill.execute({ skill: "pdf" }, { toolCallId: "2", messages: [] });
    expectTypeOf(useSkill).returns.toEqualTypeOf<Promise<ToolResult>>();
  });
});
