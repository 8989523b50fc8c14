import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSkill } from "../loader/load-skill.js";
import { MAX_SKILL_READ_BYTES } from "../loader/read-limit.js";
import { SkillsetError } from "../model/errors.js";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { Skillset } from "./create-skillset.js";

// A SKILL.md over the read limit reaches the model by no path (SPEC §15: bounded): skill_read refuses it,
// and so do skill_load, use_skill, a mention and loadSkill (the CLI's load, the MCP server's tools).
let temp: TempDir;
let skills: Skillset;
let hugePath: string;
beforeAll(async () => {
  temp = await createTempProject();
  const line = "Step: do the thing exactly as written here.\n";
  hugePath = await temp.writeSkill(
    "project/.agents/skills/huge",
    { name: "huge", description: "Use for a huge task." },
    line.repeat(Math.ceil(MAX_SKILL_READ_BYTES / line.length)),
  );
  // Just under the limit, frontmatter included: still loads whole.
  await temp.writeSkill(
    "project/.agents/skills/large",
    { name: "large", description: "Use for a large task." },
    line.repeat(Math.floor((MAX_SKILL_READ_BYTES - 200) / line.length)),
  );
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills.close();
  await temp.cleanup();
});

const tool = (tools: SkillTool[], name: string) => tools.find((each) => each.name === name) as SkillTool;

/** The file, the limit and the fix, named. */
function expectRefusal(text: string | undefined) {
  expect(text).toContain(hugePath);
  expect(text).toContain(`over the ${MAX_SKILL_READ_BYTES}-byte limit`);
  expect(text).toContain("references/");
}

describe("a SKILL.md over the read limit", () => {
  it("is refused by loadSkill with file-too-large naming the file, the limit and the fix", async () => {
    const found = skills.registry.lookup("huge");
    if (found.kind !== "found") throw new Error("no huge");
    const error = await loadSkill(found.entry.skill).catch((caught: unknown) => caught);
    expect(SkillsetError.isInstance(error) && error.code).toBe("file-too-large");
    expectRefusal((error as Error).message);
  });

  it("is refused as a result by skill_load, use_skill and skill_read, and a mention loads nothing", async () => {
    const session = skills.session();
    const tools = session.tools();
    for (const result of [
      await tool(tools, "skill_load").handler({ name: "huge" }),
      await tool(tools, "use_skill").handler({ skill: "huge" }),
    ]) {
      expect(result).toMatchObject({ isError: true, code: "file-too-large" });
      expectRefusal(result.text);
    }
    expect(await tool(tools, "skill_read").handler({ uri: "skill://huge" })).toMatchObject({
      isError: true,
      code: "file-too-large",
    });
    const turn = await session.prepareTurn("$huge go", { source: "user" });
    expect(turn.messages).toEqual([]);
    expect(turn.diagnostics).toMatchObject([{ severity: "error", code: "file-too-large" }]);
    expectRefusal(turn.diagnostics[0]?.message);
    expect(session.inspect().loaded).toEqual([]);
  });

  it("just under it, loads whole", async () => {
    const session = skills.session();
    const result = await tool(session.tools(), "skill_load").handler({ name: "large" });
    expect(result.isError).toBe(false);
    expect(result.text.length).toBeGreaterThan(MAX_SKILL_READ_BYTES - 1000);
  });
});
