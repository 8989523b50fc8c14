/**
 * Control and bidi characters from a skill's metadata never reach the model through the tools' schemas
 * or structured results (SPEC §15): the `name` enum leaves out a name that holds them (the skill stays
 * loadable by path), and `skill_search` results are inert like its text.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempRegistry, type TempDir } from "../test/index.js";
import { createSkillTools } from "./create-skill-tools.js";
import type { SkillTool } from "./define-skill-tool.js";

const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
let temp: TempDir;
let tools: SkillTool[];

beforeAll(async () => {
  temp = await createTempProject("skillset-inert-meta-");
  await temp.write({
    "project/.agents/skills/evil/SKILL.md":
      '---\nname: "evil\\u202Egnp.exe"\ndescription: "Merge PDF files \\u001b[31mnow\\u001b[0m \\u2066hidden\\u2069"\n---\nEvil body.\n',
  });
  await temp.writeSkill(
    "project/.agents/skills/pdf",
    { name: "pdf", description: "Merge PDF files" },
    "PDF.\n",
  );
  tools = createSkillTools({ registry: await openTempRegistry(temp) });
});
afterAll(() => temp.cleanup());

const named = (name: string) => tools.find((tool) => tool.name === name) as SkillTool;

describe("tool metadata from skills is inert", () => {
  it("leaves a name with control or bidi characters out of the name enums", () => {
    for (const name of ["skill_load", "use_skill"]) {
      const schema = JSON.stringify(named(name).jsonSchema);
      expect(schema).toContain('"pdf"');
      expect(schema, name).not.toMatch(UNSAFE);
    }
  });

  it("strips them from skill_search's structured results", async () => {
    const result = await named("skill_search").handler({ query: "merge pdf files" });
    const results = (result.data as { results: { name: string; description: string }[] }).results;
    expect(results.map((found) => found.description)).toContain("Merge PDF files [31mnow[0m hidden");
    expect(JSON.stringify(result.data)).not.toMatch(UNSAFE);
  });

  it("still loads the skill by path", async () => {
    const path = temp.join("project/.agents/skills/evil/SKILL.md");
    expect((await named("skill_load").handler({ path })).text).toContain("Evil body.");
  });
});
