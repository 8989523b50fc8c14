/**
 * An attacker who swaps a served skill's SKILL.md, or its whole folder, for a link after the server found
 * it (SPEC §15): `resources/read`, `skill_read` and `prompts/get` check at read time, so the secret never
 * comes back — not even in the moment before the watcher notices, and not when the link leads to a file
 * named SKILL.md outside the project (a link discovery refuses).
 */
import { renameSync, rmSync, symlinkSync } from "node:fs";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTempProject, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SECRET, serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

const SKILLS = "project/.agents/skills";
let temp: TempDir;
let session: StdioSession;

beforeEach(async () => {
  temp = await createTempProject("skillset-mcp-swap-");
  await temp.write({
    "secret.txt": `${SECRET}\n`,
    "outside/SKILL.md": `---\nname: swap\ndescription: Use when swapped.\n---\n${SECRET}\n`,
    "outside/file.md": `${SECRET}\n`,
    "outside2/SKILL.md": `---\nname: swap\ndescription: Use when swapped.\n---\nOUTSIDE-BODY ${SECRET}\n`,
    [`${SKILLS}/swap/file.md`]: "inside file\n",
  });
  await temp.writeSkill(
    `${SKILLS}/swap`,
    { name: "swap", description: "Use when swapping." },
    "Swap body.\n",
  );
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
});
afterEach(async () => {
  await session?.close();
  await temp?.cleanup();
});

/** What a resource read and a skill_read of `uri` give, as text (an error's message for a refusal). */
async function readBoth(uri: string): Promise<string[]> {
  const { client } = session;
  const resource = await client.readResource({ uri }).then(
    (result) => JSON.stringify(result),
    (error: Error) => `refused: ${error.message}`,
  );
  const tool = (await client.callTool({ name: "skill_read", arguments: { uri } })) as CallToolResult;
  const text = tool.content.map((part) => (part.type === "text" ? part.text : "")).join("\n");
  return [resource, tool.isError ? `refused: ${text}` : text];
}

describe("skillset mcp: reads re-check links", () => {
  it("refuses a SKILL.md swapped for a link to a secret", async () => {
    expect((await readBoth("skill://swap")).join()).toContain("Swap body.");
    rmSync(temp.join(SKILLS, "swap", "SKILL.md"));
    symlinkSync(temp.join("secret.txt"), temp.join(SKILLS, "swap", "SKILL.md"));
    for (const answer of await readBoth("skill://swap")) {
      expect(answer).not.toContain(SECRET);
      expect(answer).toMatch(/^refused: /);
    }
  });

  it("refuses the files of a folder swapped for a link to an outside folder", async () => {
    expect((await readBoth("skill://swap/file.md")).join()).toContain("inside file");
    renameSync(temp.join(SKILLS, "swap"), temp.join("swap.bak"));
    symlinkSync(temp.join("outside"), temp.join(SKILLS, "swap"));
    for (const uri of ["skill://swap/file.md", "skill://swap"]) {
      for (const answer of await readBoth(uri)) {
        expect(answer).not.toContain(SECRET);
        expect(answer).toMatch(/^refused: /);
      }
    }
  });

  it("refuses a SKILL.md swapped for a link to a SKILL.md outside the project, prompts/get included", async () => {
    const { client } = session;
    expect(JSON.stringify(await client.getPrompt({ name: "swap" }))).toContain("Swap body.");
    renameSync(temp.join(SKILLS, "swap", "SKILL.md"), temp.join(SKILLS, "swap", "SKILL.md.orig"));
    symlinkSync(temp.join("outside2", "SKILL.md"), temp.join(SKILLS, "swap", "SKILL.md"));
    const prompt = await client.getPrompt({ name: "swap" }).then(
      (result) => JSON.stringify(result),
      (error: Error) => `refused: ${error.message}`,
    );
    for (const answer of [
      ...(await readBoth("skill://swap")),
      ...(await readBoth("skill://swap/SKILL.md")),
      prompt,
    ]) {
      expect(answer).not.toContain("OUTSIDE-BODY");
      expect(answer).not.toContain(SECRET);
      expect(answer).toMatch(/^refused: /);
    }
  });
});
