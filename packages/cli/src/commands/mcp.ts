/**
 * @module `skillset mcp` — serves the skills to MCP clients. The work (and the MCP SDK) is in
 * `mcp.run.ts`, loaded only when the command runs.
 */
import type { Command } from "../command.js";

export const mcpCommand: Command = {
  name: "mcp",
  summary: "Serve the skills to MCP clients (stdio, or Streamable HTTP)",
  usage: "mcp [--http [--port N] [--host H] [--token T | --no-token] [--allow-origin O]…]",
  details:
    "Without --http, speaks MCP on stdin/stdout (only protocol goes to stdout; messages go to stderr).\n" +
    "With --http, listens on http://127.0.0.1:PORT/mcp; --token (or SKILLSET_MCP_TOKEN) requires\n" +
    "'Authorization: Bearer <token>'. Browsers are refused unless their origin is given with --allow-origin.\n" +
    "A --host other than a loopback address (0.0.0.0, ::, a LAN address) serves the network: it needs\n" +
    "--token, or --no-token to serve it open on purpose (a warning is printed).",
  options: {
    http: { type: "boolean", description: "Serve Streamable HTTP instead of stdio" },
    port: { type: "string", description: "HTTP port (default 3917; 0 picks a free one)", valueName: "N" },
    host: { type: "string", description: "HTTP host to bind (default 127.0.0.1)", valueName: "H" },
    token: { type: "string", description: "Bearer token HTTP clients must send", valueName: "T" },
    "no-token": {
      type: "boolean",
      description: "Serve HTTP with no token, also on a non-loopback --host (open on purpose)",
    },
    "allow-origin": {
      type: "string",
      multiple: true,
      description: "A browser origin allowed to connect over HTTP",
      valueName: "O",
    },
  },
  load: () => import("./mcp.run.js"),
};
