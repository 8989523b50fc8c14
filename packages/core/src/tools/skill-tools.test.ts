import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReloadTracker } from "../loader/reload-tracker.js";
import { createTempProject, openTempRegistry, type TempDir } from "../test/index.js";
import { createSkillTools } from "./create-skill-tools.js";
import type { SkillTool } from "./define-skill-tool.js";
import type { ForkRequest, SkillToolsContext } from "./tools-context.js";

let temp: TempDir;
const skills = "project/.agents/skills";

beforeEach(async () => {
  temp = await createTempProject("skillset-tools-");
  await temp.writeSkill(
    `${skills}/pdf-editor`,
    { name: "pdf-editor", description: "Edit, merge and split PDF documents." },
    "Merge $0 into $1.\n",
  );
  await temp.writeSkill(
    `${skills}/release-notes`,
    { name: "release-notes", description: "Draft a changelog from the commits since the last tag." },
    "Write notes.\n",
  );
  await temp.writeSkill(
    `${skills}/deploy`,
    { name: "deploy", description: "Ship to production.", "disable-model-invocation": true },
    "Deploy.\n",
  );
  await temp.writeSkill(
    `${skills}/research`,
    { name: "research", description: "Deep research on a topic.", context: "fork", agent: "explore" },
    "Research $ARGUMENTS thoroughly.\n",
  );
  await temp.writeSkill(`${skills}/a/twin`, { name: "twin", description: "First twin." });
  await temp.writeSkill(`${skills}/b/twin`, { name: "twin", description: "Second twin." });
});
afterEach(() => temp.cleanup());

const open = () => openTempRegistry(temp);

interface Found {
  name: string;
  reason: string;
  path: string;
  scope: string;
  score: number;
}

/** The search results of a tool result. */
function resultsOf(result: { data?: Record<string, unknown> }): Found[] {
  return (result.data?.results ?? []) as Found[];
}

async function toolsFor(extra: Partial<SkillToolsContext> = {}) {
  const registry = await open();
  const tools = createSkillTools({ registry, ...extra });
  const byName = (name: string) => tools.find((tool) => tool.name === name) as SkillTool;
  return {
    registry,
    tools,
    search: byName("skill_search"),
    load: byName("skill_load"),
    use: byName("use_skill"),
  };
}

describe("tool definitions", () => {
  it("come in a stable order with JSON Schemas from their input schemas and descriptions from prompts/", async () => {
    const { tools } = await toolsFor();
    expect(tools.map((tool) => tool.name)).toEqual(["skill_search", "skill_load", "use_skill", "skill_read"]);
    for (const tool of tools) {
      expect(tool.jsonSchema.type).toBe("object");
      expect(tool.jsonSchema.$schema).toBeUndefined();
      expect(tool.description.length).toBeGreaterThan(40);
    }
    expect(tools[0]?.jsonSchema.required).toEqual(["query"]);
  });

  it("make `name` an enum of usable names when the catalog is small, and a string when it is not", async () => {
    const { load, use } = await toolsFor();
    const properties = load.jsonSchema.properties as Record<string, { enum?: string[] }>;
    expect(properties.name?.enum).toEqual(["pdf-editor", "release-notes", "research"]);
    expect((use.jsonSchema.properties as Record<string, { enum?: string[] }>).skill?.enum).toHaveLength(3);
    const { load: large } = await toolsFor({ nameEnumLimit: 2 });
    expect((large.jsonSchema.properties as Record<string, { enum?: string[] }>).name?.enum).toBeUndefined();
  });
});

describe("skill_search", () => {
  it("finds a skill from a person's words, with name, path, scope, score and reason", async () => {
    const { search } = await toolsFor();
    const result = await search.handler({ query: "write a changelog for the release" });
    expect(result.isError).toBe(false);
    const first = resultsOf(result)[0];
    expect(first).toMatchObject({ name: "release-notes", reason: "text", scope: "repo" });
    expect(first?.path).toBe(temp.join(skills, "release-notes", "SKILL.md"));
    expect(first?.score).toBeGreaterThan(0);
  });

  it("ranks an exact name, then name prefixes, first", async () => {
    const { search } = await toolsFor();
    const exact = await search.handler({ query: "pdf-editor" });
    expect(resultsOf(exact)[0]?.reason).toBe("exact_name");
    const prefix = await search.handler({ query: "rel" });
    expect(resultsOf(prefix)[0]).toMatchObject({
      name: "release-notes",
      reason: "prefix",
    });
  });

  it("never shows skills the model may not invoke", async () => {
    const { search } = await toolsFor();
    const result = await search.handler({ query: "deploy ship production" });
    expect(resultsOf(result).map((found) => found.name)).not.toContain("deploy");
  });

  it("answers bad queries with a clear result, never a crash", async () => {
    const { search } = await toolsFor();
    for (const query of ["", "   ", "?!… ---", "🚀🔥✨"]) {
      expect(await search.handler({ query })).toMatchObject({ isError: true, code: "empty-query" });
    }
    const huge = await search.handler({ query: "merge pdf ".repeat(100_000) });
    expect(huge.isError).toBe(false);
    expect(resultsOf(huge)[0]?.name).toBe("pdf-editor");
    expect(await search.handler({ query: "zzzqqqxxx" })).toMatchObject({
      isError: false,
      data: { count: 0 },
    });
    expect(await search.handler({ query: 7 })).toMatchObject({ isError: true, code: "invalid-input" });
    expect(await search.handler({ query: "pdf", limit: 0 })).toMatchObject({
      isError: true,
      code: "invalid-input",
    });
  });
});

describe("skill_load", () => {
  it("loads a unique name in the tool envelope, with arguments", async () => {
    const { load } = await toolsFor();
    const result = await load.handler({ name: "pdf-editor", args: '"a b.pdf" out.pdf' });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("Merge a b.pdf into out.pdf.");
    expect(result.text).toContain('<skill_content name="pdf-editor">');
  });

  it("lists candidate paths for an ambiguous name, and loads one by path", async () => {
    const { load } = await toolsFor();
    const result = await load.handler({ name: "twin" });
    expect(result).toMatchObject({ isError: true, code: "skill-ambiguous" });
    expect(result.data?.candidates).toEqual([
      temp.join(skills, "a/twin/SKILL.md"),
      temp.join(skills, "b/twin/SKILL.md"),
    ]);
    expect(result.text).toContain(temp.join(skills, "a/twin/SKILL.md"));
    const byPath = await load.handler({ name: "twin", path: temp.join(skills, "b/twin/SKILL.md") });
    expect(byPath.isError).toBe(false);
  });

  it("suggests near names for an unknown name", async () => {
    const { load } = await toolsFor();
    const result = await load.handler({ name: "pdf-edit" });
    expect(result).toMatchObject({
      isError: true,
      code: "skill-not-found",
      data: { suggestions: ["pdf-editor"] },
    });
    expect(result.text).toContain("Did you mean pdf-editor?");
  });

  it("suggests a near name with its control characters removed", async () => {
    await temp.writeSkill(`${skills}/esc`, {
      name: "esc\u001b[31mred\u001b]52;c;ZXZpbA==\u0007",
      description: "Use when testing.",
    });
    const { load } = await toolsFor();
    const result = await load.handler({ name: "esc" });
    expect(result).toMatchObject({ isError: true, code: "skill-not-found" });
    expect(result.text).toContain("Did you mean esc[31mred]52;c;ZXZpbA==?");
    expect(result.text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  });

  it("says how to enable a disabled skill", async () => {
    const { registry, load } = await toolsFor({ enableCommand: "/skill enable" });
    await registry.setEnabled("pdf-editor", false);
    const result = await load.handler({ name: "pdf-editor" });
    expect(result).toMatchObject({ isError: true, code: "skill-disabled" });
    expect(result.text).toContain("Enable it with /skill enable pdf-editor.");
  });

  it("refuses a user-only skill", async () => {
    const { load } = await toolsFor();
    expect(await load.handler({ name: "deploy" })).toMatchObject({ isError: true, code: "skill-user-only" });
  });

  it("says a skill neither the user nor the model may invoke is not invocable, not that it is the user's", async () => {
    await temp.writeSkill(`${skills}/nobody`, {
      name: "nobody",
      description: "Use never.",
      "disable-model-invocation": true,
      "user-invocable": false,
    });
    const { load } = await toolsFor();
    const result = await load.handler({ name: "nobody" });
    expect(result).toMatchObject({ isError: true, code: "skill-user-only" });
    expect(result.text).toContain("can be invoked by neither the user nor the model");
  });

  it("asks authorize on every path and shows the reason of a denial", async () => {
    const asked: string[] = [];
    const { tools } = await toolsFor({
      authorize: (skill, tool) => {
        asked.push(`${tool}:${skill.name}`);
        return skill.name === "pdf-editor"
          ? { allow: false, reason: "denied by a rule in settings.json" }
          : { allow: true };
      },
    });
    const [, load, use, read] = tools as [SkillTool, SkillTool, SkillTool, SkillTool];
    for (const result of [
      await load.handler({ name: "pdf-editor" }),
      await use.handler({ skill: "pdf-editor" }),
      await read.handler({ uri: "skill://pdf-editor" }),
    ]) {
      expect(result).toMatchObject({ isError: true, code: "skill-denied" });
      expect(result.text).toContain("denied by a rule in settings.json");
    }
    expect(await load.handler({ name: "release-notes" })).toMatchObject({ isError: false });
    expect(asked).toEqual([
      "skill_load:pdf-editor",
      "use_skill:pdf-editor",
      "skill_read:pdf-editor",
      "skill_load:release-notes",
    ]);
  });

  it("suppresses a reload within the session", async () => {
    const { load } = await toolsFor({ tracker: createReloadTracker() });
    expect((await load.handler({ name: "release-notes" })).data?.suppressed).toBe(false);
    const again = await load.handler({ name: "release-notes" });
    expect(again.data?.suppressed).toBe(true);
    expect(again.text).toContain("already loaded");
  });

  it("needs a name or a path", async () => {
    const { load } = await toolsFor();
    expect(await load.handler({})).toMatchObject({ isError: true, code: "invalid-input" });
    expect(await load.handler({ name: "  " })).toMatchObject({ isError: true, code: "invalid-input" });
  });

  it("finds a skill created after start with one rescan", async () => {
    const { load } = await toolsFor();
    await temp.writeSkill(`${skills}/fresh`, { name: "fresh", description: "Brand new." }, "Fresh body.\n");
    const result = await load.handler({ name: "fresh" });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("Fresh body.");
  });
});

describe("use_skill", () => {
  it("returns an inline skill's instructions", async () => {
    const { use } = await toolsFor();
    const result = await use.handler({ skill: "release-notes" });
    expect(result.text).toContain("Write notes.");
  });

  it("asks the host to fork a context: fork skill and returns the task", async () => {
    const requests: ForkRequest[] = [];
    const { use } = await toolsFor({
      fork: (request) => {
        requests.push(request);
        return { taskId: "task-7" };
      },
    });
    const result = await use.handler({ skill: "research", args: "vector databases" });
    expect(result).toMatchObject({ isError: false, data: { taskId: "task-7", status: "spawned" } });
    expect(requests[0]).toMatchObject({
      body: "Research vector databases thoroughly.\n",
      agent: "explore",
      args: ["vector", "databases"],
    });
  });

  it("gives a fork skill inline, with a note, when the host cannot fork", async () => {
    const { use } = await toolsFor();
    const result = await use.handler({ skill: "research", args: "x" });
    expect(result.isError).toBe(false);
    expect(result.text).toContain("subagent");
    expect(result.text).toContain("Research x thoroughly.");
  });

  it("turns a failing fork callback into an error result", async () => {
    const { use } = await toolsFor({
      fork: () => {
        throw new Error("no subagents today");
      },
    });
    expect(await use.handler({ skill: "research" })).toMatchObject({ isError: true, code: "tool-failed" });
  });
});
