/**
 * @module Resources (SPEC §13): every served skill's SKILL.md and bundled files as `skill://` URLs, a
 * template `skill://{name}/{+path}` whose variables complete, and reads through the same checks as
 * `skill_read` — traversal, links out of the folder and denied skills are refused (SPEC §9, §15).
 */

import { type Resource, type Server, specTypeSchemas } from "@modelcontextprotocol/server";
import { parseSkillUri, readSkillFile, skillUri } from "@skillset/core/loader";
import { SkillsetError, stripControls } from "@skillset/core/model";
import { exactSkillName } from "@skillset/core/registry";
import { resolveUsableSkill } from "@skillset/core/tools";
import { setCheckedRequestHandler } from "./checked-request-handler.js";
import { errorForCode, invalidParams } from "./mcp-error.js";
import type { McpConnection } from "./open-mcp-skills.js";
import { servedSkills } from "./served-skills.js";
import { skillFiles } from "./skill-files.js";

/** The resource template every skill file matches. */
export const SKILL_URI_TEMPLATE = "skill://{name}/{+path}";

/** Skills per `resources/list` page: each brings its SKILL.md and up to 200 bundled files. */
const SKILLS_PER_PAGE = 50;

function pageStart(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const start = /^\d{1,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(start >= 0 && start <= total))
    throw invalidParams(`Unknown cursor '${stripControls(cursor.slice(0, 40))}'.`);
  return start;
}

/** Registers resources/list, resources/templates/list and resources/read on `server`. */
export function registerResources(server: Server, connection: McpConnection): void {
  setCheckedRequestHandler(
    server,
    "resources/list",
    specTypeSchemas.ListResourcesRequest,
    async (request) => {
      const skills = servedSkills(connection.context, true);
      const start = pageStart(request.params?.cursor, skills.length);
      const page = skills.slice(start, start + SKILLS_PER_PAGE);
      const entries = connection.context.registry.entries();
      const resources: Resource[] = [];
      for (const { skill } of page) {
        // Shadowed and ambiguous skills are listed too, under the name that means only them.
        const exact = exactSkillName(skill, entries);
        const name = stripControls(exact);
        resources.push({
          uri: skillUri(skill, [], exact),
          name,
          title: name,
          description: stripControls(skill.description),
          mimeType: "text/markdown",
        });
        for (const file of await skillFiles(skill, exact)) {
          resources.push({ uri: file.uri, name: `${name}/${stripControls(file.path)}` });
        }
      }
      const next = start + SKILLS_PER_PAGE;
      return next < skills.length ? { resources, nextCursor: String(next) } : { resources };
    },
  );

  setCheckedRequestHandler(
    server,
    "resources/templates/list",
    specTypeSchemas.ListResourceTemplatesRequest,
    async () => ({
      resourceTemplates: [
        {
          uriTemplate: SKILL_URI_TEMPLATE,
          name: "skill-file",
          title: "A file of a skill",
          description:
            "A file inside a skill's folder: skill://<name> is its SKILL.md, skill://<name>/<relative path> a bundled file.",
        },
      ],
    }),
  );

  setCheckedRequestHandler(server, "resources/read", specTypeSchemas.ReadResourceRequest, async (request) => {
    const { uri } = request.params;
    const parsed = parseSkillUri(uri);
    if (!parsed.ok) throw invalidParams(parsed.error.message, parsed.error.code);
    const usable = await resolveUsableSkill(connection.context, parsed.uri.name, "skill_read", "name");
    if (!usable.ok) throw errorForCode(usable.result.code, usable.result.text);
    const { skill } = usable.entry;
    let content: Awaited<ReturnType<typeof readSkillFile>>;
    try {
      content = await readSkillFile(skill, parsed.uri.segments, {
        uriName: exactSkillName(skill, connection.context.registry.entries()),
      });
    } catch (error) {
      if (SkillsetError.isInstance(error)) throw errorForCode(error.code, error.message);
      throw error;
    }
    if (content.kind === "folder") {
      const listing = content.entries.join("\n") + (content.truncated ? "\n(more entries not listed)" : "");
      return {
        contents: [
          { uri: content.uri, mimeType: "text/plain", text: stripControls(listing, { keepLines: true }) },
        ],
      };
    }
    if (content.kind === "binary") {
      throw invalidParams(
        `${content.uri} is a binary file (${content.mediaType}, ${content.size} bytes); only text files are served.`,
        "binary-file",
      );
    }
    return {
      contents: [
        {
          uri: content.uri,
          mimeType: content.mediaType,
          text: stripControls(content.text, { keepLines: true }),
        },
      ],
    };
  });
}
