/**
 * An attacker who can write in a skill folder after discovery (SPEC §15): swapping SKILL.md for a link to
 * a secret, or the whole folder for a link to another place, must not make `skill_read` return what is
 * there — the checks run at read time, not only when the skill was found.
 */
import { renameSync, rmSync, symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempRegistry, openTempSkillset, type TempDir } from "../test/index.js";
import { createSkillTools } from "./create-skill-tools.js";
import type { SkillTool } from "./define-skill-tool.js";

const SECRET = "TOP-SECRET-CONTENT";
const SKILLS = "project/.agents/skills";
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-swap-");
  await temp.write({
    "secret.txt": `${SECRET}\n`,
    "outside/SKILL.md": `---\nname: swap\ndescription: Use when swapped.\n---\n${SECRET}\n`,
    "outside/file.md": `${SECRET}\n`,
    [`${SKILLS}/swap/file.md`]: "inside file\n",
  });
  await temp.writeSkill(
    `${SKILLS}/swap`,
    { name: "swap", description: "Use when swapping." },
    "Swap body.\n",
  );
});
afterEach(() => temp.cleanup());

function swapSkillFile(): void {
  rmSync(temp.join(SKILLS, "swap", "SKILL.md"));
  symlinkSync(temp.join("secret.txt"), temp.join(SKILLS, "swap", "SKILL.md"));
}

function swapFolder(): void {
  renameSync(temp.join(SKILLS, "swap"), temp.join("swap.bak"));
  symlinkSync(temp.join("outside"), temp.join(SKILLS, "swap"));
}

async function expectRefused(read: SkillTool, uri: string): Promise<void> {
  const result = await read.handler({ uri });
  expect(result.text).not.toContain(SECRET);
  expect(result.isError, `${uri}: ${result.text}`).toBe(true);
}

async function registryRead(): Promise<SkillTool> {
  const tools = createSkillTools({ registry: await openTempRegistry(temp) });
  return tools.find((tool) => tool.name === "skill_read") as SkillTool;
}

describe("skill_read re-checks links when it reads", () => {
  it("reads the skill before the swap", async () => {
    const read = await registryRead();
    expect((await read.handler({ uri: "skill://swap" })).text).toContain("Swap body.");
    expect((await read.handler({ uri: "skill://swap/file.md" })).text).toBe("inside file\n");
  });

  it("refuses a SKILL.md replaced by a link to another file", async () => {
    const read = await registryRead();
    swapSkillFile();
    await expectRefused(read, "skill://swap");
    await expectRefused(read, "skill://swap/SKILL.md");
    const result = await read.handler({ uri: "skill://swap" });
    expect(result.code).toBe("link-refused");
  });

  it("refuses every file of a skill folder replaced by a link to an outside folder", async () => {
    const read = await registryRead();
    swapFolder();
    for (const uri of ["skill://swap", "skill://swap/SKILL.md", "skill://swap/file.md", "skill://swap/"]) {
      await expectRefused(read, uri);
    }
    const result = await read.handler({ uri: "skill://swap/file.md" });
    expect(result).toMatchObject({ code: "path-refused" });
    expect(result.text).toContain("replaced by a link");
  });

  it("refuses a folder swapped back and forth under a session's tools too", async () => {
    const skills = await openTempSkillset(temp);
    try {
      const read = skills
        .session({})
        .tools()
        .find((tool) => tool.name === "skill_read") as SkillTool;
      swapSkillFile();
      await expectRefused(read, "skill://swap");
      rmSync(temp.join(SKILLS, "swap", "SKILL.md"));
      await temp.writeSkill(`${SKILLS}/swap`, { name: "swap", description: "Use when swapping." }, "Back.\n");
      swapFolder();
      await expectRefused(read, "skill://swap/file.md");
      await expectRefused(read, "skill://swap");
    } finally {
      await skills.close();
    }
  });

  it("still refuses a folder link whose target holds a link back to the real SKILL.md", async () => {
    const read = await registryRead();
    renameSync(temp.join(SKILLS, "swap"), temp.join("swap.bak"));
    await temp.write({ "decoy/file.md": `${SECRET}\n` });
    symlinkSync(temp.join("swap.bak", "SKILL.md"), temp.join("decoy", "SKILL.md"));
    symlinkSync(temp.join("decoy"), temp.join(SKILLS, "swap"));
    await expectRefused(read, "skill://swap/file.md");
  });
});
