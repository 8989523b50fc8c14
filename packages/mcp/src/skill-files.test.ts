/**
 * The listing behind resources/list and path completion checks the skill folder as reads do (SPEC §15):
 * a folder replaced by a link to an outside folder after discovery lists none of the outside files.
 */
import { renameSync, symlinkSync } from "node:fs";
import { createTempProject, openTempRegistry, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillFiles } from "./skill-files.js";

const SKILLS = "project/.agents/skills";
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-mcp-files-");
  await temp.write({
    "outside/SKILL.md": "---\nname: swap\ndescription: Use when swapped.\n---\nOutside.\n",
    "outside/leaked-file-name.md": "outside\n",
    [`${SKILLS}/swap/inside.md`]: "inside\n",
  });
  await temp.writeSkill(`${SKILLS}/swap`, { name: "swap", description: "Use when swapping." }, "Body.\n");
});
afterEach(() => temp.cleanup());

describe("skillFiles", () => {
  it("lists a skill's files, and none of a folder swapped for a link since discovery", async () => {
    const found = (await openTempRegistry(temp)).lookup("swap");
    if (found.kind !== "found") throw new Error("no swap");
    expect(await skillFiles(found.entry.skill)).toEqual([
      { path: "inside.md", uri: "skill://swap/inside.md" },
    ]);
    renameSync(temp.join(SKILLS, "swap"), temp.join("swap.bak"));
    symlinkSync(temp.join("outside"), temp.join(SKILLS, "swap"));
    expect(await skillFiles(found.entry.skill)).toEqual([]);
  });
});
