/**
 * @module @skillset/mcp — an MCP server that gives any MCP client the skills a person has (SPEC §13):
 * tools, `skill://` resources with a template, prompts, list-changed notifications; stdio and
 * Streamable HTTP.
 */
export { checkHttpRequest, type HttpAccess, isLoopback, type Refusal } from "./check-http-request.js";
export { createSkillServer, serverVersion } from "./create-skill-server.js";
export { SKILL_URI_TEMPLATE } from "./mcp-resources.js";
export { MAX_ARGUMENT_BYTES } from "./mcp-tools.js";
export {
  type McpConnection,
  type McpSkills,
  type McpSkillsOptions,
  openMcpSkills,
} from "./open-mcp-skills.js";
export { promptNames } from "./prompt-names.js";
export { type HttpServeOptions, type HttpServer, MCP_PATH, serveHttp } from "./serve-http.js";
export { serveStdio } from "./serve-stdio.js";
