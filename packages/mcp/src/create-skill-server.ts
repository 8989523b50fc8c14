/**
 * @module One MCP server for one client connection (SPEC §13): tools, resources with their template
 * and completion, prompts, and list-changed notifications when the watcher sees a change.
 */
import { readFileSync } from "node:fs";
import type { Server } from "@modelcontextprotocol/server";
import { askThroughElicitation } from "./ask-through-elicitation.js";
import { CheckedServer } from "./checked-request-handler.js";
import { registerCompletion } from "./mcp-completion.js";
import { registerPrompts } from "./mcp-prompts.js";
import { registerResources } from "./mcp-resources.js";
import { registerSkillsExtension } from "./mcp-skills.js";
import { registerTools } from "./mcp-tools.js";
import type { McpSkills } from "./open-mcp-skills.js";

/** The package version, reported to clients in `initialize`. */
export function serverVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}

const INSTRUCTIONS =
  "Agent Skills: folders of instructions for specific tasks. Use skill_search to find one for the task, " +
  "skill_load (or use_skill) to get its instructions and follow them, and skill_read for the files a skill " +
  "refers to (skill://<name>/<path>). Hosts: the skills are also served by the MCP Skills extension " +
  "(io.modelcontextprotocol/skills: skills/list, skills/get, resources/directory/read).";

/**
 * A server with every handler registered, for one transport (a stdio connection, a 2025 HTTP session, or
 * one stateless 2026-07-28 request). Call `server.connect(transport)`; closing the server stops its
 * notifications.
 * @example const server = createSkillServer(skills); await server.connect(new StdioServerTransport());
 */
export function createSkillServer(skills: McpSkills): Server {
  const server = new CheckedServer(
    { name: "skillset", title: "skillset", version: serverVersion() },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        prompts: { listChanged: true },
        completions: {},
      },
      instructions: INSTRUCTIONS,
    },
  );
  const connection = skills.connect(askThroughElicitation(server));
  registerTools(server, connection);
  registerResources(server, connection);
  registerPrompts(server, connection);
  registerCompletion(server, connection);
  registerSkillsExtension(server, connection, skills.entries);
  const stop = skills.onChange(() => {
    // A client that went away mid-notification is not an error for the others.
    const ignore = () => {};
    server.sendResourceListChanged().catch(ignore);
    server.sendPromptListChanged().catch(ignore);
    server.sendToolListChanged().catch(ignore);
  });
  const previous = server.onclose;
  server.onclose = () => {
    stop();
    previous?.();
  };
  return server;
}
