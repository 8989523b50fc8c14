import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";

// SPEC §11: on every path a skill can be reached by, allow / deny / ask behave identically; a denied
// skill never appears and never loads.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  await temp.write({
    "project/.agents/skills/secret/notes.md": "classified\n",
  });
  await temp.writeSkill(
    "project/.agents/skills/secret",
    { name: "secret", description: "Use when handling the secret launch codes." },
    "SECRET BODY\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/public",
    { name: "public", description: "Use when writing public release notes." },
    "PUBLIC BODY\n",
  );
});
afterEach(() => temp.cleanup());

async function open(action: "allow" | "deny" | "ask", answer: boolean) {
  const asked: string[] = [];
  const skills = await openTempSkillset(temp, {
    config: { policy: { hostTimeoutMs: 2_000 } },
    permissions: [{ action, skill: "secret" }],
  });
  const start = () =>
    skills.session({
      contextWindow: 200_000,
      host: {
        confirm: ({ skill }) => {
          asked.push(skill.name);
          return answer;
        },
      },
    });
  const session = start();
  const tool = (name: string) => session.tools().find((candidate) => candidate.name === name) as SkillTool;
  return { skills, session, tool, asked, start };
}

/** Each path, reporting whether the secret skill showed up / loaded on it. */
async function paths(action: "allow" | "deny" | "ask", answer: boolean) {
  const { skills, session, tool, asked, start } = await open(action, answer);
  const search = await tool("skill_search").handler({ query: "secret launch codes" });
  const load = await tool("skill_load").handler({ name: "secret" });
  const use = await tool("use_skill").handler({ skill: "secret" });
  const read = await tool("skill_read").handler({ uri: "skill://secret/notes.md" });
  session.deactivate();
  const mention = await start().prepareTurn("$secret open the vault", { source: "user" });
  const command = await start().prepareTurn("/secret open the vault", { source: "user" });
  const result = {
    catalog: session.systemPrompt().includes("secret"),
    search: /^\d+\. secret /m.test(search.text),
    skill_load: !load.isError && load.text.includes("SECRET BODY"),
    use_skill: !use.isError && use.data?.name === "secret",
    skill_read: !read.isError && read.text.includes("classified"),
    mention: mention.messages.some((message) => message.content.includes("SECRET BODY")),
    command: command.messages.some((message) => message.content.includes("SECRET BODY")),
  };
  await skills.close();
  return { result, asked };
}

describe("the permission matrix, on every path", () => {
  it("allow: the skill is listed, found and loads everywhere", async () => {
    const { result, asked } = await paths("allow", false);
    expect(Object.values(result).every(Boolean)).toBe(true);
    expect(asked).toEqual([]);
  });

  it("deny: the skill never appears and never loads, on any path", async () => {
    const { result, asked } = await paths("deny", true);
    expect(result).toEqual({
      catalog: false,
      search: false,
      skill_load: false,
      use_skill: false,
      skill_read: false,
      mention: false,
      command: false,
    });
    expect(asked).toEqual([]);
  });

  it("ask, answered yes: listed, and every use asks the host first", async () => {
    const { result, asked } = await paths("ask", true);
    expect(Object.values(result).every(Boolean)).toBe(true);
    expect(asked).toEqual(["secret", "secret", "secret", "secret", "secret"]);
  });

  it("ask, answered no: listed and found (the model may ask for it), but never loaded", async () => {
    const { result, asked } = await paths("ask", false);
    expect(result).toEqual({
      catalog: true,
      search: true,
      skill_load: false,
      use_skill: false,
      skill_read: false,
      mention: false,
      command: false,
    });
    expect(asked).toHaveLength(5);
  });

  it("a denial is explained on each path, naming the rule and where it came from", async () => {
    const { skills, session, tool } = await open("deny", true);
    const load = await tool("skill_load").handler({ name: "secret" });
    expect(load).toMatchObject({ isError: true, code: "skill-denied" });
    const turn = await session.prepareTurn("$secret open the vault", { source: "user" });
    expect(turn.diagnostics.map((found) => found.code)).toEqual(["mention-denied"]);
    expect(turn.activations).toEqual([]);
    await skills.close();
  });

  it("a rule for one tool narrows only that tool", async () => {
    const skills = await openTempSkillset(temp, {
      permissions: [{ action: "deny", tool: "use_skill", skill: "secret" }],
    });
    const tools = skills.session().tools();
    const run = (name: string, input: object) =>
      (tools.find((tool) => tool.name === name) as SkillTool).handler(input);
    expect((await run("use_skill", { skill: "secret" })).isError).toBe(true);
    expect((await run("skill_load", { name: "secret" })).isError).toBe(false);
    expect(skills.session().systemPrompt()).toContain("secret");
    await skills.close();
  });
});
