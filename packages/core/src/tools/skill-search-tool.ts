/**
 * @module `skill_search { query, limit?, scope? }` (SPEC §10): ranked candidates the model can load.
 */
import { defaultConfig } from "../config/default-config.js";
import { stripControls } from "../model/inert-text.js";
import * as s from "../model/schema/index.js";
import { SCOPES, type Scope } from "../model/skill.js";
import { splitWords } from "../search/search-terms.js";
import { defineSkillTool, type SkillTool } from "./define-skill-tool.js";
import { searchIndexFor } from "./search-index-for.js";
import { toolInput } from "./skill-input-schemas.js";
import { shown } from "./tool-messages.js";
import { toolError, toolSuccess } from "./tool-result.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * `skill_search`. Handler: `(input: { query: string; limit?: number; scope?: Scope }) => Promise<ToolResult>`;
 * `data` is `{ query, count, results: { name, description, path, scope, score, reason }[] }`.
 * Empty queries and queries without a word are errors (`empty-query`); no match is a success with
 * `count: 0`. Only skills the model may invoke are found.
 */
export function skillSearchTool(context: SkillToolsContext): SkillTool {
  const { defaultLimit, maxLimit } = context.registry.config?.search ?? defaultConfig.search;
  const input = toolInput({
    query: s.string().describe("A few words about the task, a skill name or the start of one"),
    limit: s
      .optional(s.integer({ min: 1, max: maxLimit }))
      .describe(`Most results (default ${defaultLimit}, at most ${maxLimit})`),
    scope: s
      .optional(s.oneOf(SCOPES as readonly Scope[] as readonly [Scope, ...Scope[]]))
      .describe("Only skills from this scope"),
  });
  return defineSkillTool({
    name: "skill_search",
    advertises: input,
    accepts: toolInput({ ...input.shape, limit: s.optional(s.integer({ min: 1 })) }),
    async run({ query, limit, scope }) {
      if (splitWords(query.slice(0, 1000)).length === 0) {
        return toolError(
          "empty-query",
          'The query has no words to search for. Describe the task in a few words, e.g. "merge two PDF files".',
        );
      }
      const results = searchIndexFor(context).search(query, {
        limit: Math.min(limit ?? defaultLimit, maxLimit),
        ...(scope === undefined ? {} : { scope }),
      });
      const data = {
        query: shown(query, 200),
        count: results.length,
        // Inert like the text below: structured content reaches the model too (SPEC §15).
        results: results.map(({ name, description, path, scope, score, reason }) => ({
          name: stripControls(name),
          description: stripControls(description),
          path,
          scope,
          score,
          reason,
        })),
      };
      if (results.length === 0) {
        return toolSuccess(
          `No skill matches "${shown(query, 200)}". Try other words for the task, or fewer of them.`,
          data,
        );
      }
      const lines = results.map(
        (result, index) =>
          `${index + 1}. ${stripControls(result.name)} — ${stripControls(result.description)}\n   path: ${result.path} · scope: ${result.scope} · reason: ${result.reason} · score: ${result.score}`,
      );
      return toolSuccess(
        `${results.length} skill${results.length === 1 ? "" : "s"} for "${shown(query, 200)}", best first. Load one with skill_load { "name": … } (or { "path": … } when names repeat).\n${lines.join("\n")}`,
        data,
      );
    },
  });
}
