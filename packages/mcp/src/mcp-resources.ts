/**
 * @module Resources (SPEC §13): every served skill's SKILL.md and bundled files as `skill://` URIs of the
 * MCP Skills extension's Resource Mapping (`skill://<skill-path>/SKILL.md`, see `skill-paths.ts`), a
 * template `skill://{name}/{+path}` whose variables complete, and reads through the same checks as
 * `skill_read` — traversal, links out of the folder and denied skills are refused (SPEC §9, §15). The old
 * forms (`skill://<name>`, `skill://<name>@<scope>`, `skill://ns:name/…`) are still read. A file is served
 * as its bytes exactly (text, or a base64 blob when it is not clean UTF-8), so a host can check its digest.
 */
import { readFile, realpath } from "node:fs/promises";
import { SKILL_LIMITS } from "@modelcontextprotocol/core/ext/skills";
import { type Resource, type Server, specTypeSchemas } from "@modelcontextprotocol/server";
import { isSameOrInside } from "@skillset/core/fs";
import { parseSkillUri, readSkillFile } from "@skillset/core/loader";
import { type Skill, SkillsetError, stripControls } from "@skillset/core/model";
import { exactSkillName } from "@skillset/core/registry";
import { resolveUsableSkill } from "@skillset/core/tools";
import { setCheckedRequestHandler } from "./checked-request-handler.js";
import { errorForCode, invalidParams } from "./mcp-error.js";
import type { McpConnection } from "./open-mcp-skills.js";
import { servedSkills } from "./served-skills.js";
import { skillFiles } from "./skill-files.js";
import { findSkillPlace, joinSkillUri, skillPath } from "./skill-paths.js";

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

/**
 * A file's contents as `text` when it is UTF-8 with nothing for `stripControls` to take out (the text is
 * then its bytes exactly), else as a base64 `blob`: a control character never reaches a client as text,
 * and the bytes served always match their digest.
 */
export function servedContent(uri: string, mimeType: string, bytes: Uint8Array) {
  let text: string | undefined;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = undefined;
  }
  if (text !== undefined && stripControls(text, { keepLines: true }) === text) return { uri, mimeType, text };
  return { uri, mimeType, blob: Buffer.from(bytes).toString("base64") };
}

/**
 * The bytes of a file `readSkillFile` has just checked, read through its real path, which must still be
 * inside the skill's real folder (SKILL.md: still the file discovery found).
 */
async function readCheckedBytes(skill: Skill, path: string, isSkillFile: boolean): Promise<Uint8Array> {
  const gone = (cause: unknown) =>
    new SkillsetError("file-not-found", `File not found: ${path} is gone.`, { path, cause });
  const real = await realpath(isSkillFile ? skill.path : path).catch((error: unknown) => {
    throw gone(error);
  });
  const realDir = await realpath(skill.dir).catch((error: unknown) => {
    throw gone(error);
  });
  if ((isSkillFile && real !== skill.id) || !isSameOrInside(real, realDir)) {
    throw invalidParams(
      `Refused ${path}: it no longer leads inside the skill folder ${skill.dir}.`,
      "path-refused",
    );
  }
  return readFile(real).catch((error: unknown) => {
    throw gone(error);
  });
}

/** The skill name and path segments `uri` asks for: the standard mapping first, then the old forms. */
function locate(uri: string, connection: McpConnection): { name: string; segments: string[] } {
  const entries = connection.context.registry.entries();
  const place = findSkillPlace(uri, entries);
  if (place === undefined) {
    const parsed = parseSkillUri(uri);
    if (!parsed.ok) throw errorForCode(parsed.error.code, parsed.error.message, uri);
    return parsed.uri;
  }
  // The path inside is checked by the one parser (no `..`, no encoded separator, no control character).
  const name = exactSkillName(place.entry.skill, entries);
  const checked = parseSkillUri(joinSkillUri(["x", ...place.segments]));
  if (!checked.ok)
    throw errorForCode(
      checked.error.code,
      `Refused ${stripControls(uri.slice(0, 200))}: ${checked.error.message}`,
      uri,
    );
  return { name, segments: checked.uri.segments };
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
        // Shadowed and ambiguous skills are listed too, under the skill path that means only them.
        const path = skillPath(skill, entries);
        const name = stripControls(skill.name);
        resources.push({
          uri: joinSkillUri([...path, "SKILL.md"]),
          name,
          title: stripControls(exactSkillName(skill, entries)),
          description: stripControls(skill.description),
          mimeType: "text/markdown",
        });
        for (const file of await skillFiles(skill)) {
          resources.push({
            uri: joinSkillUri([...path, ...file.path.split("/")]),
            name: `${name}/${stripControls(file.path)}`,
          });
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
            "A file inside a skill's folder: skill://<skill-path>/SKILL.md is its SKILL.md, skill://<skill-path>/<relative path> a bundled file.",
        },
      ],
    }),
  );

  setCheckedRequestHandler(server, "resources/read", specTypeSchemas.ReadResourceRequest, async (request) => {
    const { uri } = request.params;
    const { name, segments } = locate(uri, connection);
    const usable = await resolveUsableSkill(connection.context, name, "skill_read", "name");
    if (!usable.ok) throw errorForCode(usable.result.code, usable.result.text, uri);
    const { skill } = usable.entry;
    let content: Awaited<ReturnType<typeof readSkillFile>>;
    try {
      content = await readSkillFile(skill, segments, {
        uriName: exactSkillName(skill, connection.context.registry.entries()),
        maxBytes: SKILL_LIMITS.bytes,
      });
      if (content.kind === "folder") {
        const listing = content.entries.join("\n") + (content.truncated ? "\n(more entries not listed)" : "");
        return {
          contents: [{ uri, mimeType: "text/plain", text: stripControls(listing, { keepLines: true }) }],
        };
      }
      const isSkillFile = segments.length === 0 || (segments.length === 1 && segments[0] === "SKILL.md");
      const bytes = await readCheckedBytes(skill, content.path, isSkillFile);
      return { contents: [servedContent(uri, content.mediaType, bytes)] };
    } catch (error) {
      if (SkillsetError.isInstance(error)) throw errorForCode(error.code, error.message, uri);
      throw error;
    }
  });
}
