/**
 * @module The MCP Skills extension, SEP-2640 (`io.modelcontextprotocol/skills`, SPEC §13): the capability
 * with `directoryRead: true`, `skills/list` (paged; every served skill's entry), `skills/get` (any served
 * skill's entry, listed or not) and `resources/directory/read` (the direct children of a skill's
 * directory or a folder in it). Served from skillset's registry — precedence, permission rules, enabled
 * state and the watcher apply — through the same served set as resources: a denied skill is never served.
 * Unknown skills, files and directories are -32602 with the request's id.
 */

import {
  DIRECTORY_MIME_TYPE,
  type DirectoryResource,
  GetSkillRequestParamsSchema,
  ListSkillsRequestParamsSchema,
  RESOURCES_DIRECTORY_READ_METHOD,
  ReadResourceDirectoryRequestParamsSchema,
  SKILLS_EXTENSION_ID,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
} from "@modelcontextprotocol/core/ext/skills";
import { ProtocolErrorCode, type Server } from "@modelcontextprotocol/server";
import { mediaType } from "@skillset/core/loader";
import { stripControls } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { invalidParams, protocolError } from "./mcp-error.js";
import type { McpConnection } from "./open-mcp-skills.js";
import { servedSkills } from "./served-skills.js";
import type { SkillEntries } from "./skill-entries.js";
import { findSkillPlace, joinSkillUri, skillPath } from "./skill-paths.js";

/**
 * Entries per `skills/list` page: the SDK's `SkillsClient.list()` walks at most 64 pages, so 500 lets a
 * host list 32,000 skills (the 16,000-skill bench tree in 32 pages).
 */
export const SKILLS_PER_PAGE = 500;

/** Cache hints of the extension's results: private, and to be asked again (the watcher says when). */
export const SKILLS_CACHE = { ttlMs: 0, cacheScope: "private" } as const;

function pageStart(cursor: string | undefined, total: number): number {
  if (cursor === undefined) return 0;
  const start = /^\d{1,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!(start >= 0 && start <= total))
    throw invalidParams(`Unknown cursor '${stripControls(cursor.slice(0, 40))}'.`, "cursor-invalid");
  return start;
}

/** The served entry whose directory holds `uri`, and the path inside it; -32602 when there is none. */
export function servedPlace(connection: McpConnection, uri: string) {
  const all = connection.context.registry.entries();
  const place = findSkillPlace(uri, all);
  const served = place !== undefined && servedSkills(connection.context, true).includes(place.entry);
  if (place === undefined || !served) {
    throw invalidParams(`No skill is served at ${stripControls(uri.slice(0, 300))}.`, "skill-not-found");
  }
  return { ...place, path: skillPath(place.entry.skill, all) };
}

/** Registers the extension's capability and methods on `server` (before it connects). */
export function registerSkillsExtension(
  server: Server,
  connection: McpConnection,
  entries: SkillEntries,
): void {
  server.registerCapabilities({ extensions: { [SKILLS_EXTENSION_ID]: { directoryRead: true } } });

  const entryOf = async (entry: RegistryEntry) =>
    entries.build(entry.skill, skillPath(entry.skill, connection.context.registry.entries()));

  server.setRequestHandler(SKILLS_LIST_METHOD, { params: ListSkillsRequestParamsSchema }, async (params) => {
    const served = servedSkills(connection.context, true);
    const start = pageStart(params.cursor, served.length);
    const next = start + SKILLS_PER_PAGE;
    const built = await Promise.all(served.slice(start, next).map(entryOf));
    const skills = built.flatMap((result) => (result.ok ? [result.entry] : []));
    return {
      skills,
      ...(next < served.length ? { nextCursor: String(next) } : {}),
      ...SKILLS_CACHE,
    };
  });

  server.setRequestHandler(SKILLS_GET_METHOD, { params: GetSkillRequestParamsSchema }, async (params) => {
    const place = servedPlace(connection, params.uri);
    if (place.segments.length !== 1 || place.segments[0] !== "SKILL.md") {
      throw invalidParams(
        `${stripControls(params.uri.slice(0, 300))} is not a skill's SKILL.md URI; ask for ${joinSkillUri([...place.path, "SKILL.md"])}.`,
        "skill-not-found",
      );
    }
    const result = await entryOf(place.entry);
    if (!result.ok) {
      throw invalidParams(
        `The skill at ${stripControls(params.uri)} is not served as an entry: ${stripControls(result.reason)}`,
        "skill-not-served",
      );
    }
    return { skill: result.entry, ...SKILLS_CACHE };
  });

  server.setRequestHandler(
    RESOURCES_DIRECTORY_READ_METHOD,
    { params: ReadResourceDirectoryRequestParamsSchema },
    async (params) => {
      const place = servedPlace(connection, params.uri);
      const result = await entryOf(place.entry);
      if (!result.ok) throw invalidParams(`${stripControls(params.uri)} is not served.`, "skill-not-served");
      if (params.cursor !== undefined && params.cursor !== "") {
        throw invalidParams(
          `Unknown cursor '${stripControls(params.cursor.slice(0, 40))}'.`,
          "cursor-invalid",
        );
      }
      // The manifest is the served tree: a directory is a prefix of some served file's path.
      const depth = place.segments.length;
      const children = new Map<string, DirectoryResource>();
      for (const file of result.files) {
        if (file.segments.length <= depth) continue;
        if (place.segments.some((segment, index) => file.segments[index] !== segment)) continue;
        const name = file.segments[depth] as string;
        if (children.has(name)) continue;
        const isFolder = file.segments.length > depth + 1;
        const uri = joinSkillUri([...place.path, ...place.segments, name]);
        children.set(
          name,
          isFolder
            ? { uri, name, mimeType: DIRECTORY_MIME_TYPE }
            : { uri, name, size: file.size, mimeType: mediaType(name, false) },
        );
      }
      if (children.size === 0) {
        throw protocolError(
          ProtocolErrorCode.InvalidParams,
          `${stripControls(params.uri.slice(0, 300))} is not a directory of a served skill.`,
          { code: "not-a-directory" },
        );
      }
      const resources = [...children.values()].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
      return { resources, ...SKILLS_CACHE };
    },
  );
}
