/**
 * @module One connection to a configured MCP server through the official client (SDK v2) and its skills
 * extension: stdio (a command the person configured) or Streamable HTTP (a URL, optional bearer token).
 */

import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { SkillsClient } from "@modelcontextprotocol/client/ext/skills";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import type { RemoteServerConfig } from "@skillset/core/config";

/** A connected server. */
export interface RemoteConnection {
  client: Client;
  skills: SkillsClient;
  close(): Promise<void>;
}

/** The client's name and version as servers see them. */
const CLIENT_INFO = { name: "skillset", version: "0.1.0" };

/**
 * Connects to `server`. Throws when it cannot be reached within `timeoutMs` or does not answer the
 * handshake; the caller turns that into a diagnostic naming the label.
 */
export async function connectRemote(
  server: RemoteServerConfig,
  timeoutMs = 15_000,
): Promise<RemoteConnection> {
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  const transport = server.command
    ? new StdioClientTransport({ command: server.command, args: server.args ?? [], stderr: "ignore" })
    : new StreamableHTTPClientTransport(new URL(server.url as string), {
        requestInit: server.token ? { headers: { Authorization: `Bearer ${server.token}` } } : {},
      });
  await client.connect(transport, { timeout: timeoutMs });
  // One bad entry is refused on its own (with a diagnostic naming it); the server's other skills stay usable.
  const skills = new SkillsClient(client, { skipInvalid: true });
  return {
    client,
    skills,
    close: () => client.close(),
  };
}
