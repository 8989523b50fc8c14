/**
 * Sessions are bounded in-process (where their count is visible): clients that vanish without closing
 * their session are closed when idle, and the number of open sessions never passes the cap.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { isolatedEnv, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type McpSkills, openMcpSkills } from "./open-mcp-skills.js";
import { serveHttp } from "./serve-http.js";
import { createSkillProject } from "./testing/skill-project.js";

let temp: TempDir;
let skills: McpSkills;

beforeAll(async () => {
  temp = await createSkillProject();
  skills = await openMcpSkills({ cwd: temp.join("project"), env: isolatedEnv(temp), watch: false });
});

afterAll(async () => {
  await skills?.close();
  await temp?.cleanup();
});

async function abandonedSession(url: string): Promise<void> {
  const client = new Client({ name: "vanishing", version: "1" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  await client.listTools();
  // No terminateSession: the client just goes away.
  await client.close();
}

describe("serveHttp sessions", () => {
  it("keeps at most maxSessions open", async () => {
    const http = await serveHttp(skills, { maxSessions: 5 });
    try {
      for (let i = 0; i < 12; i++) await abandonedSession(http.url);
      expect(http.sessions()).toBe(5);
    } finally {
      await http.close();
    }
  });

  it("closes sessions left idle", async () => {
    const http = await serveHttp(skills, { sessionIdleMs: 500 });
    try {
      for (let i = 0; i < 3; i++) await abandonedSession(http.url);
      expect(http.sessions()).toBe(3);
      const deadline = Date.now() + 10_000;
      while (http.sessions() > 0 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(http.sessions()).toBe(0);
    } finally {
      await http.close();
    }
  });
});
