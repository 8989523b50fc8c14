import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";

// Count the search indexes built (the real function does the work).
const built = vi.hoisted(() => ({ count: 0 }));
vi.mock("../search/create-skill-search.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../search/create-skill-search.js")>();
  return {
    ...original,
    createSkillSearch: (...args: Parameters<typeof original.createSkillSearch>) => {
      built.count++;
      return original.createSkillSearch(...args);
    },
  };
});

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Use when writing release notes from the git history." },
    "Body.\n",
  );
  built.count = 0;
});
afterEach(() => temp.cleanup());

const search = (tools: SkillTool[], query: string) =>
  (tools.find((tool) => tool.name === "skill_search") as SkillTool).handler({ query });

describe("session.tools() asked for every turn", () => {
  it("searches one index per session, brought up to date with the registry between turns", async () => {
    const skills = await openTempSkillset(temp);
    try {
      const session = skills.session({ contextWindow: 200_000 });
      expect((await search(session.tools(), "release notes")).text).toContain("release-notes");
      expect((await search(session.tools(), "git history")).text).toContain("release-notes");
      expect(built.count).toBe(1);

      // A skill added between turns is found by the next turn's tools, from the same index.
      await temp.writeSkill(
        "project/.agents/skills/deploy-checks",
        { name: "deploy-checks", description: "Use when checking a deployment before it goes live." },
        "Body.\n",
      );
      await skills.registry.reload();
      expect((await search(session.tools(), "deployment checks")).text).toContain("deploy-checks");
      expect(built.count).toBe(1);

      // Another session has its own index.
      await search(skills.session({ contextWindow: 200_000 }).tools(), "release notes");
      expect(built.count).toBe(2);
    } finally {
      await skills.close();
    }
  });
});
