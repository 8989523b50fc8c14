/**
 * An attacker who can write beside a skill after discovery (SPEC §15) renames the skill folder away and
 * puts a link to an outside folder (its own SKILL.md, its own files) in its place. Loading — `skill_load`,
 * `use_skill`, a `$mention`, a `skill://` link, `loadSkill` itself — must refuse, as `skill_read` does,
 * and no output may carry the outside SKILL.md or name the outside files.
 */
import { renameSync, symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSkill } from "../loader/load-skill.js";
import { SkillsetError } from "../model/errors.js";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { Skillset } from "./create-skillset.js";

const SECRET = "TOP-SECRET-CONTENT";
const LEAKED_FILE = "leaked-file-name.md";
const SKILLS = "project/.agents/skills";
let temp: TempDir;
let skills: Skillset;

beforeEach(async () => {
  temp = await createTempProject("skillset-load-swap-");
  await temp.write({
    "outside/SKILL.md": `---\nname: swap\ndescription: Use when swapped.\n---\n${SECRET}\n`,
    [`outside/${LEAKED_FILE}`]: `${SECRET}\n`,
    [`${SKILLS}/swap/inside.md`]: "inside file\n",
  });
  await temp.writeSkill(
    `${SKILLS}/swap`,
    { name: "swap", description: "Use when swapping." },
    "Swap body.\n",
  );
  skills = await openTempSkillset(temp);
});
afterEach(async () => {
  await skills.close();
  await temp.cleanup();
});

function swapFolder(): void {
  renameSync(temp.join(SKILLS, "swap"), temp.join("swap.bak"));
  symlinkSync(temp.join("outside"), temp.join(SKILLS, "swap"));
}

function tool(name: string): SkillTool {
  return skills
    .session({})
    .tools()
    .find((candidate) => candidate.name === name) as SkillTool;
}

/** Everything a result carries, as one string, so nothing of the outside folder hides in a field. */
function everything(value: unknown): string {
  return JSON.stringify(value) ?? "";
}

function expectNothingLeaked(value: unknown): void {
  const text = everything(value);
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain(LEAKED_FILE);
}

describe("loading refuses a skill folder swapped for a link after discovery", () => {
  it("loads the skill before the swap", async () => {
    const loaded = await tool("skill_load").handler({ name: "swap" });
    expect(loaded.text).toContain("Swap body.");
    expect(loaded.text).toContain("inside.md");
  });

  it("skill_load and use_skill refuse with path-refused and say to reload", async () => {
    const load = tool("skill_load");
    const use = tool("use_skill");
    swapFolder();
    for (const result of [
      await load.handler({ name: "swap" }),
      await load.handler({ path: temp.join(SKILLS, "swap", "SKILL.md") }),
      await use.handler({ skill: "swap" }),
    ]) {
      expectNothingLeaked(result);
      expect(result, result.text).toMatchObject({ isError: true, code: "path-refused" });
      expect(result.text).toContain("replaced by a link");
      expect(result.text).toContain("reload the skills");
    }
  });

  it("a $mention, a /command and a [$swap](skill://swap) link activate nothing from the outside folder", async () => {
    const session = skills.session({});
    swapFolder();
    for (const message of ["$swap go", "/swap go", "[$swap](skill://swap) go"]) {
      const turn = await session.prepareTurn(message, { source: "user" });
      expectNothingLeaked(turn);
      expect(turn.messages, message).toEqual([]);
      expect(
        turn.diagnostics.map((found) => found.code),
        message,
      ).toContain("path-refused");
    }
  });

  it("loadSkill itself refuses, in every envelope, even for a skill it already loaded", async () => {
    const skill = skills.registry.lookup("swap");
    if (skill.kind !== "found") throw new Error("no swap");
    await loadSkill(skill.entry.skill);
    swapFolder();
    for (const envelope of ["tool", "message", "preloaded"] as const) {
      const refusal = await loadSkill(skill.entry.skill, { envelope }).then(
        (loaded) => loaded,
        (error: unknown) => error,
      );
      expectNothingLeaked(refusal instanceof Error ? refusal.message : refusal);
      expect(SkillsetError.isInstance(refusal) && refusal.code, envelope).toBe("path-refused");
    }
  });
});
