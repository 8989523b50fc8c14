/**
 * @module An `ask` permission rule (SPEC §11) answered by the person behind the MCP client, through
 * elicitation: a yes/no form naming the skill. A client that cannot show forms gets a refusal.
 */
import type { Server } from "@modelcontextprotocol/server";
import { stripControls } from "@skillset/core/model";
import type { Confirm } from "./open-mcp-skills.js";

/** The confirm callback of a connection served by `server`. */
export function askThroughElicitation(server: Server): Confirm {
  return async ({ skill, tool }) => {
    if (!server.getClientCapabilities()?.elicitation) {
      throw new Error("this MCP client cannot ask the person (it has no elicitation)");
    }
    const through = tool === undefined ? "" : ` through ${tool}`;
    const result = await server.elicitInput({
      message: `A permission rule asks before skill '${stripControls(skill.qualifiedName)}' (${skill.path}) is used${through}. Allow it?`,
      requestedSchema: {
        type: "object",
        properties: { allow: { type: "boolean", title: "Allow this skill" } },
        required: ["allow"],
      },
    });
    return result.action === "accept" && result.content?.allow === true;
  };
}
