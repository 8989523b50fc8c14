import { createTempDir, isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiSkills } from "./create-ai-skills.js";

// An AI SDK app has no `/skill list` command: a refusal points its person at commands that exist.
let temp: TempDir;

beforeAll(async () => {
  temp = await createTempDir("skillset-ai-hints-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Fill PDF files" });
});
afterAll(async () => {
  await temp?.cleanup();
});

describe("the AI SDK adapter's hints", () => {
  it("an unknown $name names `skillset list`, never /skill list", async () => {
    const skills = await createAiSkills({ cwd: temp.join("project"), env: isolatedEnv(temp) });
    try {
      const prepared = await skills.prepareMessages([{ role: "user", content: "$nope do a thing" }]);
      const text = JSON.stringify([prepared.diagnostics, prepared.visibleLines]);
      expect(text).toContain("skillset list");
      expect(text).not.toContain("/skill list");
    } finally {
      await skills.close();
    }
  });
});
