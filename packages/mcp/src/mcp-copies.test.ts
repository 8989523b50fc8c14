/**
 * Copies of one skill in several agents' folders (SPEC §5 "Copies are one skill"), through the real server
 * and the official MCP SDK client: one prompt named `pdf` (not `pdf@repo-…`), `skill_load` by that name.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

let temp: TempDir;
let session: StdioSession;

beforeAll(async () => {
  temp = await createTempDir("skillset-mcp-copies-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
  for (const root of [".agents/skills", ".claude/skills", ".codex/skills"]) {
    await temp.writeSkill(
      `project/${root}/pdf`,
      { name: "pdf", description: "Use when reading or filling PDF forms." },
      "PDF BODY\n",
    );
  }
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
});

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

describe("MCP: copies are one skill", () => {
  it("offers one prompt `pdf` and loads it by name", async () => {
    const { prompts } = await session.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).filter((name) => name.startsWith("pdf"))).toEqual(["pdf"]);
    const loaded = (await session.client.callTool({
      name: "skill_load",
      arguments: { name: "pdf" },
    })) as CallToolResult;
    expect(loaded.isError).toBeFalsy();
    expect(JSON.stringify(loaded.content)).toContain("PDF BODY");
  });
});
