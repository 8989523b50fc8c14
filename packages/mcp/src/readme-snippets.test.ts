/**
 * The client configurations in README.md parse (JSON and TOML), name `skillset mcp`, and — run as written,
 * with the placeholder folder filled in — start a server the official SDK client talks to.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { TempDir } from "@skillset/core/test";
import { parse as parseToml } from "smol-toml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKILLSET_BIN } from "./testing/cli-path.js";
import { createSkillProject, serverEnv } from "./testing/skill-project.js";

const readme = readFileSync(fileURLToPath(new URL("../../../README.md", import.meta.url)), "utf8");
const section = readme.slice(readme.indexOf("## In any MCP client"), readme.indexOf("## In an AI SDK app"));
const blocks = [...section.matchAll(/```(json|toml)\n([\s\S]*?)```/g)].map(([, language, text]) => ({
  language: language as string,
  value: (language === "json" ? JSON.parse(text as string) : parseToml(text as string)) as Record<
    string,
    unknown
  >,
}));

/** The folder placeholders the snippets use: ours, and VS Code's workspace variable. */
const PLACEHOLDERS = ["/path/to/your/project", ["$", "{workspaceFolder}"].join("")];

interface StdioEntry {
  command: string;
  args: string[];
  type?: string;
}

/** The `skillset` server entry of a client configuration, whichever key the client uses. */
function serverEntries(config: Record<string, unknown>): Record<string, StdioEntry & { url?: string }> {
  const servers = (config.mcpServers ?? config.servers ?? config.mcp_servers) as Record<string, StdioEntry>;
  expect(servers, JSON.stringify(config)).toBeTypeOf("object");
  return servers;
}

let temp: TempDir;
beforeAll(async () => {
  temp = await createSkillProject("skillset-readme-");
});
afterAll(async () => {
  await temp?.cleanup();
});

describe("README client configurations", () => {
  it("has the Claude Desktop, Cursor and VS Code JSON and the Codex TOML", () => {
    expect(blocks.filter((block) => block.language === "json")).toHaveLength(3);
    expect(blocks.filter((block) => block.language === "toml")).toHaveLength(2);
    expect(section).toContain("claude_desktop_config.json");
    expect(section).toContain(".cursor/mcp.json");
    expect(section).toContain(".vscode/mcp.json");
    expect(section).toContain(".codex/config.toml");
  });

  it("points the HTTP entry at the server's default endpoint", () => {
    const http = Object.values(serverEntries(blocks[4]?.value ?? {}))[0];
    expect(http?.url).toBe("http://127.0.0.1:3917/mcp");
  });

  it("starts a working server from each stdio entry as written", async () => {
    const stdio = blocks.slice(0, 4).flatMap((block) => Object.values(serverEntries(block.value)));
    expect(stdio).toHaveLength(4);
    const commandLines = new Set<string>();
    for (const entry of stdio) {
      // The installed `skillset` command (README, Outside this clone); here this repository's launcher.
      expect(entry.command).toBe("skillset");
      expect(entry.args[0]).toBe("mcp");
      const args = entry.args.map((arg) => (PLACEHOLDERS.includes(arg) ? temp.join("project") : arg));
      commandLines.add(JSON.stringify(args));
    }
    // Entries that run the same command line are started once.
    for (const line of commandLines) {
      const args = JSON.parse(line) as string[];
      const client = new Client({ name: "readme", version: "1" });
      await client.connect(
        new StdioClientTransport({
          command: process.execPath,
          args: [SKILLSET_BIN, ...args],
          env: serverEnv(temp),
          stderr: "pipe",
        }),
      );
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("skill_search");
      await client.close();
    }
  });
});
