/**
 * @module Prompts (SPEC §13): one per user-invocable skill, so MCP clients show skills as slash
 * commands; `argument-hint` describes the one `arguments` argument. Getting a prompt renders the skill
 * in the `message` envelope after the same permission check as `use_skill` (SPEC §11).
 */

import { type Server, specTypeSchemas } from "@modelcontextprotocol/server";
import { loadSkill } from "@skillset/core/loader";
import { SkillsetError, stripControls } from "@skillset/core/model";
import { setCheckedRequestHandler } from "./checked-request-handler.js";
import { errorForCode, invalidParams, notFound } from "./mcp-error.js";
import type { McpConnection } from "./open-mcp-skills.js";
import { promptNames } from "./prompt-names.js";

/** The one prompt argument: the text after `/name`. */
export const PROMPT_ARGUMENT = "arguments";

/** Registers prompts/list and prompts/get on `server`. */
export function registerPrompts(server: Server, connection: McpConnection): void {
  setCheckedRequestHandler(server, "prompts/list", specTypeSchemas.ListPromptsRequest, async () => ({
    prompts: [...promptNames(connection.context)].map(([name, { skill, status }]) => ({
      name: stripControls(name),
      title:
        status === "effective" ? stripControls(skill.qualifiedName) : `${stripControls(name)} (${status})`,
      description: stripControls(skill.description),
      arguments: [
        {
          name: PROMPT_ARGUMENT,
          description: stripControls(skill.frontmatter.argumentHint ?? "Arguments for the skill (optional)"),
          required: false,
        },
      ],
    })),
  }));

  setCheckedRequestHandler(server, "prompts/get", specTypeSchemas.GetPromptRequest, async (request) => {
    const { name } = request.params;
    const entry = promptNames(connection.context).get(name);
    if (!entry)
      throw notFound(
        `No prompt '${stripControls(name.slice(0, 200))}'. List them with prompts/list.`,
        "skill-not-found",
      );
    const { context } = connection;
    const answer = context.authorize
      ? await context.authorize(entry.skill, "use_skill")
      : { allow: true as const };
    if (!answer.allow)
      throw invalidParams(
        `Skill '${entry.skill.qualifiedName}' is refused: ${answer.reason}`,
        "skill-denied",
      );
    const args = request.params.arguments?.[PROMPT_ARGUMENT];
    try {
      const loaded = await loadSkill(entry.skill, {
        envelope: "message",
        ...(args === undefined ? {} : { args }),
        ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
      });
      return {
        description: stripControls(entry.skill.description),
        messages: [{ role: "user" as const, content: { type: "text" as const, text: loaded.text } }],
      };
    } catch (error) {
      if (SkillsetError.isInstance(error)) throw errorForCode(error.code, error.message);
      throw error;
    }
  });
}
