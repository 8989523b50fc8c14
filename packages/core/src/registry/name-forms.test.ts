import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { completeMention } from "../completion/index.js";
import { resolveMentions } from "../mentions/index.js";
import { createTempProject, openTempRegistry, type TempDir } from "../test/index.js";
import { createSkillTools } from "../tools/create-skill-tools.js";

// SPEC §4: names are compared after NFKC. `café` typed decomposed (`cafe` + U+0301, as some keyboards and
// macOS file names write it) is the skill whose SKILL.md writes it composed, on every path that takes a name.
const composed = "caf\u00e9";
const decomposed = "cafe\u0301";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-name-forms-");
  await temp.writeSkill(`project/.agents/skills/${composed}`, {
    name: composed,
    description: "Use when brewing coffee.",
  });
  // Written decomposed in its SKILL.md: found by the composed form too.
  await temp.writeSkill("project/.agents/skills/na\u00efve", { name: "nai\u0308ve", description: "Use it." });
});
afterEach(() => temp.cleanup());

describe("a name typed in another Unicode form", () => {
  it("is found by the registry's lookup, as a name and as an exact name", async () => {
    const registry = await openTempRegistry(temp);
    for (const key of [decomposed, composed, "\uff43af\u00e9", `${decomposed}@repo`]) {
      const found = registry.lookup(key);
      expect(found.kind, key).toBe("found");
      if (found.kind === "found") expect(found.entry.skill.name).toBe(composed);
    }
    expect(registry.lookup("na\u00efve")).toMatchObject({ kind: "found" });
  });

  it("activates the skill in a $mention and a /command, with no 'did you mean'", async () => {
    const registry = await openTempRegistry(temp);
    for (const text of [`$${decomposed} brew it`, `/${decomposed} brew it`]) {
      const turn = resolveMentions(text, registry.entries(), { source: "user" });
      expect(turn.diagnostics).toEqual([]);
      expect(turn.visibleLines).toEqual([`Using skill: ${composed}`]);
    }
  });

  it("is loaded by the model's skill_load", async () => {
    const registry = await openTempRegistry(temp);
    const load = createSkillTools({ registry }).find((tool) => tool.name === "skill_load");
    const result = await load?.handler({ name: decomposed });
    expect(result?.isError).toBe(false);
  });

  it("is completed as an exact match", async () => {
    const registry = await openTempRegistry(temp);
    const text = `use $${decomposed}`;
    const completion = completeMention(text, text.length, registry.entries());
    expect(completion?.candidates[0]).toMatchObject({ name: composed, match: "exact" });
  });
});
