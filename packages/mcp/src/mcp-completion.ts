/**
 * @module Completion of the resource template's variables: `name` from the served skills, `path` from
 * the files of the skill already named. Prefix match, case-insensitive, at most 100 values (MCP's cap).
 */

import { type Server, specTypeSchemas } from "@modelcontextprotocol/server";
import { setCheckedRequestHandler } from "./checked-request-handler.js";
import { SKILL_URI_TEMPLATE } from "./mcp-resources.js";
import type { McpConnection } from "./open-mcp-skills.js";
import { servedSkills } from "./served-skills.js";
import { skillFiles } from "./skill-files.js";

const MAX_VALUES = 100;

function completion(candidates: readonly string[], value: string) {
  const prefix = value.toLowerCase();
  const matches = candidates.filter((candidate) => candidate.toLowerCase().startsWith(prefix));
  return {
    completion: {
      values: matches.slice(0, MAX_VALUES),
      total: matches.length,
      hasMore: matches.length > MAX_VALUES,
    },
  };
}

/** Registers completion/complete on `server`. */
export function registerCompletion(server: Server, connection: McpConnection): void {
  setCheckedRequestHandler(
    server,
    "completion/complete",
    specTypeSchemas.CompleteRequest,
    async (request) => {
      const { ref, argument, context } = request.params;
      if (ref.type !== "ref/resource" || ref.uri !== SKILL_URI_TEMPLATE) return completion([], "");
      const skills = servedSkills(connection.context);
      if (argument.name === "name") {
        return completion(
          skills.map((entry) => entry.skill.qualifiedName),
          argument.value,
        );
      }
      if (argument.name === "path") {
        const name = context?.arguments?.name;
        const entry = skills.find((candidate) => candidate.skill.qualifiedName === name);
        if (!entry) return completion([], "");
        const files = await skillFiles(entry.skill);
        return completion(["SKILL.md", ...files.map((file) => file.path)], argument.value);
      }
      return completion([], "");
    },
  );
}
