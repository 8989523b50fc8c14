/**
 * An attacker who can write in a repo skill's folder after discovery (SPEC §5, §15) renames its SKILL.md
 * away and puts a link to a file named SKILL.md outside the project in its place. Discovery refuses that
 * link (`link-leaves-roots`); reading and loading must refuse it too — `skill_read`, `skill_load`,
 * `use_skill`, a `$mention`, `loadSkill` and `readSkillFile` — and no output may carry the outside body.
 */
import { renameSync, symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSkill } from "../loader/load-skill.js";
import { readSkillFile } from "../loader/read-skill-file.js";
import { SkillsetError } from "../model/errors.js";
import { createTempProject, openTempRegistry, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { Skillset } from "./create-skillset.js";

const OUTSIDE = "OUTSIDE-BODY";
const SKILLS = "project/.agents/skills";
let temp: TempDir;
let skills: Skillset;

beforeEach(async () => {
  temp = await createTempProject("skillset-file-swap-");
  await temp.write({
    "outside2/SKILL.md": `---\nname: victim\ndescription: Use when swapped.\n---\n${OUTSIDE}\n`,
    "project/shared/SKILL.md": "---\nname: linked\ndescription: Use when linked.\n---\nShared body.\n",
  });
  await temp.writeSkill(
    `${SKILLS}/victim`,
    { name: "victim", description: "Use when attacked." },
    "Victim body.\n",
  );
  await temp.write({ [`${SKILLS}/linked/notes.md`]: "notes\n" });
  // A SKILL.md linked at discovery to another SKILL.md inside the project: followed, and still loads.
  symlinkSync(temp.join("project/shared/SKILL.md"), temp.join(SKILLS, "linked", "SKILL.md"));
  skills = await openTempSkillset(temp);
});
afterEach(async () => {
  await skills.close();
  await temp.cleanup();
});

function swapSkillFile(): void {
  renameSync(temp.join(SKILLS, "victim", "SKILL.md"), temp.join(SKILLS, "victim", "SKILL.md.orig"));
  symlinkSync(temp.join("outside2", "SKILL.md"), temp.join(SKILLS, "victim", "SKILL.md"));
}

function tool(name: string): SkillTool {
  return skills
    .session({})
    .tools()
    .find((candidate) => candidate.name === name) as SkillTool;
}

function victim() {
  const found = skills.registry.lookup("victim");
  if (found.kind !== "found") throw new Error("no victim");
  return found.entry.skill;
}

async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => value,
    (error: unknown) => error,
  );
}

describe("a SKILL.md swapped for a link to an outside SKILL.md after discovery", () => {
  it("is the link discovery refuses (link-leaves-roots)", async () => {
    swapSkillFile();
    const registry = await openTempRegistry(temp);
    expect(registry.lookup("victim").kind).not.toBe("found");
    expect(registry.diagnostics().map((found) => found.code)).toContain("link-leaves-roots");
  });

  it("skill_read, skill_load and use_skill refuse with link-refused and say to reload", async () => {
    const read = tool("skill_read");
    const load = tool("skill_load");
    const use = tool("use_skill");
    expect((await read.handler({ uri: "skill://victim" })).text).toContain("Victim body.");
    swapSkillFile();
    for (const result of [
      await read.handler({ uri: "skill://victim" }),
      await read.handler({ uri: "skill://victim/SKILL.md" }),
      await load.handler({ name: "victim" }),
      await load.handler({ path: temp.join(SKILLS, "victim", "SKILL.md") }),
      await use.handler({ skill: "victim" }),
    ]) {
      expect(JSON.stringify(result)).not.toContain(OUTSIDE);
      expect(result, result.text).toMatchObject({ isError: true, code: "link-refused" });
      expect(result.text).toContain("since discovery");
      expect(result.text, "where the link leads is not told").not.toContain("outside2");
      expect(result.text).toContain("reload the skills");
    }
  });

  it("a $mention and a skill:// link activate nothing", async () => {
    const session = skills.session({});
    swapSkillFile();
    for (const message of ["$victim go", "/victim go", "[$victim](skill://victim) go"]) {
      const turn = await session.prepareTurn(message, { source: "user" });
      expect(JSON.stringify(turn)).not.toContain(OUTSIDE);
      expect(turn.messages, message).toEqual([]);
      expect(
        turn.diagnostics.map((found) => found.code),
        message,
      ).toContain("link-refused");
    }
  });

  it("loadSkill and readSkillFile refuse, in every envelope, even after a load", async () => {
    const skill = victim();
    await loadSkill(skill);
    swapSkillFile();
    // Each attempt starts when it is awaited: a rejection nobody awaits yet is an unhandled one.
    for (const attempt of [
      ...(["tool", "message", "preloaded"] as const).map((envelope) => () => loadSkill(skill, { envelope })),
      () => readSkillFile(skill, []),
      () => readSkillFile(skill, ["SKILL.md"]),
    ]) {
      const error = await refusal(attempt());
      expect(JSON.stringify(error instanceof Error ? error.message : error)).not.toContain(OUTSIDE);
      expect(SkillsetError.isInstance(error) && error.code).toBe("link-refused");
    }
  });

  it("a SKILL.md linked inside the project at discovery still loads and reads", async () => {
    expect((await tool("skill_load").handler({ name: "linked" })).text).toContain("Shared body.");
    expect((await tool("skill_read").handler({ uri: "skill://linked" })).text).toContain("Shared body.");
    expect((await tool("skill_read").handler({ uri: "skill://linked/notes.md" })).text).toBe("notes\n");
  });

  it("a SKILL.md linked inside the project that is re-pointed outside is refused", async () => {
    renameSync(temp.join(SKILLS, "linked", "SKILL.md"), temp.join("linked.bak"));
    symlinkSync(temp.join("outside2", "SKILL.md"), temp.join(SKILLS, "linked", "SKILL.md"));
    for (const result of [
      await tool("skill_load").handler({ name: "linked" }),
      await tool("skill_read").handler({ uri: "skill://linked" }),
    ]) {
      expect(JSON.stringify(result)).not.toContain(OUTSIDE);
      expect(result).toMatchObject({ isError: true, code: "link-refused" });
    }
  });
});
