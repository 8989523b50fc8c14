import { rm } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";

// SPEC §8, §11: a mention is taken out of `turn.task` only when its skill is loaded. A skill that
// resolves but is then not loaded (needs confirmation with no confirm callback, refused, failed to load)
// keeps its mention in the task, as a denied skill does.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  for (const name of ["argy", "deploy", "public"]) {
    await temp.writeSkill(
      `project/.agents/skills/${name}`,
      { name, description: `Use when working on ${name}.` },
      `${name.toUpperCase()} BODY\n`,
    );
  }
});
afterEach(() => temp.cleanup());

async function turn(text: string, composition = false) {
  const skills = await openTempSkillset(temp, {
    config: { mentions: { composition } },
    permissions: [
      { action: "ask", skill: "argy" },
      { action: "deny", skill: "deploy" },
    ],
  });
  try {
    // No host.confirm: an `ask` skill cannot be confirmed and is not loaded.
    return await skills.session({ contextWindow: 200_000 }).prepareTurn(text, { source: "user" });
  } finally {
    await skills.close();
  }
}

describe("the task of a turn whose activated skill is not loaded", () => {
  it("keeps the mention of a skill that needs confirmation no host can give", async () => {
    const prepared = await turn("$argy fix this");
    expect(prepared.activations).toEqual([]);
    expect(prepared.diagnostics.map((found) => found.code)).toEqual(["permission-unanswered"]);
    expect(prepared.task).toBe("$argy fix this");
  });

  it("keeps it as a denied skill's mention is kept", async () => {
    expect((await turn("$deploy fix this")).task).toBe("$deploy fix this");
    expect((await turn("/argy fix this")).task).toBe("/argy fix this");
  });

  it("takes out only the loaded skill's mentions, every one of them, when several activate", async () => {
    const prepared = await turn("$argy and $public fix this, then $public again", true);
    expect(prepared.activations.map((activation) => activation.skill.name)).toEqual(["public"]);
    expect(prepared.task).toBe("$argy and fix this, then again");
  });

  it("keeps the mention of a skill whose load failed", async () => {
    const skills = await openTempSkillset(temp);
    try {
      const session = skills.session({ contextWindow: 200_000 });
      await rm(temp.join("project/.agents/skills/public/SKILL.md"));
      const prepared = await session.prepareTurn("$public fix this", { source: "user" });
      expect(prepared.activations).toEqual([]);
      expect(prepared.diagnostics.map((found) => found.code)).toEqual(["file-not-found"]);
      expect(prepared.task).toBe("$public fix this");
    } finally {
      await skills.close();
    }
  });

  it("still takes out the mention of a loaded skill", async () => {
    expect((await turn("$public fix this")).task).toBe("fix this");
  });
});
