/**
 * The agents' own settings through the real server and the official MCP SDK client (SPEC §11): Claude
 * Code's `skillOverrides: user-invocable-only` hides a skill from the model on every tool (its body is
 * never returned), and a deny names the settings file and line of its rule.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverEnv } from "./testing/skill-project.js";
import { type StdioSession, startStdioClient } from "./testing/start-stdio-client.js";

let temp: TempDir;
let session: StdioSession;

beforeAll(async () => {
  temp = await createTempDir("skillset-mcp-settings-");
  await temp.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "home/.claude/settings.json": `{
  "skillOverrides": { "people-only": "user-invocable-only" },
  "permissions": {
    "deny": ["Skill(forbidden)"]
  }
}
`,
  });
  await temp.writeSkill(
    "project/.agents/skills/people-only",
    { name: "people-only", description: "Use when a person asks for the release checklist." },
    "PEOPLE ONLY BODY\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/forbidden",
    { name: "forbidden", description: "Use when deploying to production." },
    "FORBIDDEN BODY\n",
  );
  session = await startStdioClient(temp.join("project"), serverEnv(temp));
});

afterAll(async () => {
  await session?.close();
  await temp?.cleanup();
});

const call = (name: string, args: Record<string, unknown>) =>
  session.client.callTool({ name, arguments: args }) as Promise<CallToolResult>;

describe("MCP and the agents' settings", () => {
  it("user-invocable-only: skill_load, use_skill, skill_read and search never give the model its body", async () => {
    for (const [tool, args] of [
      ["skill_load", { name: "people-only" }],
      ["use_skill", { skill: "people-only" }],
      ["skill_read", { uri: "skill://people-only" }],
    ] as const) {
      const result = await call(tool, args);
      expect([tool, result.isError]).toEqual([tool, true]);
      expect(JSON.stringify(result.content)).not.toContain("PEOPLE ONLY BODY");
    }
    const search = await call("skill_search", { query: "release checklist" });
    expect(JSON.stringify(search.structuredContent ?? search.content)).not.toContain("people-only");
    // A person may still invoke it: it stays a prompt.
    const { prompts } = await session.client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain("people-only");
  });

  it("a deny names the settings file and the line of its rule", async () => {
    const result = await call("skill_load", { name: "forbidden" });
    expect(result.isError).toBe(true);
    const text = JSON.stringify(result.content);
    expect(text).toContain(temp.join("home/.claude/settings.json"));
    expect(text).toContain("(line 4)");
    expect(text).not.toContain("FORBIDDEN BODY");
  });
});
