import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SessionSnapshot } from "./session-types.js";

// SPEC §12: `compacted()` brings back the skills still in force so they keep working; SPEC §6, §11: a skill
// switched off or denied is refused on every path, a snapshot and a compaction included. SPEC §10: a tool
// never throws through the host.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  const skill = (name: string, body: string, fields: Record<string, unknown> = {}) =>
    temp.writeSkill(
      `project/.agents/skills/${name}`,
      { name, description: `Use for ${name}.`, ...fields },
      body,
    );
  await skill("deploy", "Deploy to [$ARGUMENTS].\n");
  await skill("forky", "Summarise in a subagent.\n", { context: "fork" });
  await skill("ended", "Ended body.\n");
  await skill("alpha", "ALPHA BODY\n");
});
afterEach(() => temp.cleanup());

describe("compacted({ keep: 'body' })", () => {
  it("brings back each skill still in force with its arguments; not one ended, forked, denied or disabled", async () => {
    const skills = await openTempSkillset(temp);
    try {
      const session = skills.session({ host: { fork: async () => ({ taskId: "t1" }) } });
      await session.prepareTurn("/deploy production", { source: "user" });
      await session.prepareTurn("$forky summarise", { source: "user" });
      await session.prepareTurn("$ended x", { source: "user" });
      await session.prepareTurn("$alpha go", { source: "user" });
      session.deactivate("ended");
      await skills.registry.setEnabled("alpha", false);
      const bodies = (await session.compacted({ keep: "body" })).map((message) => message.content);
      expect(bodies).toHaveLength(1);
      expect(bodies[0]).toContain("Deploy to [production].");
      const references = (await session.compacted()).map((message) => message.content).join("\n");
      expect(references).toContain("deploy");
      for (const gone of ["forky", "ended", "alpha"]) expect(references).not.toContain(gone);
    } finally {
      await skills.close();
    }
  });
});

describe("restore()", () => {
  it("does not take back a skill denied since the snapshot was taken, nor compact it back in", async () => {
    const first = await openTempSkillset(temp);
    let snapshot: SessionSnapshot;
    try {
      const session = first.session({});
      await session.prepareTurn("$alpha go", { source: "user" });
      snapshot = JSON.parse(JSON.stringify(session.snapshot()));
    } finally {
      await first.close();
    }
    const denying = await openTempSkillset(temp, { permissions: [{ action: "deny", skill: "alpha" }] });
    try {
      const session = denying.session({});
      session.restore(snapshot);
      expect(session.toolPolicy().skills).toEqual([]);
      expect(session.inspect().loaded).toMatchObject([{ name: "alpha", active: false }]);
      expect(await session.compacted({ keep: "body" })).toEqual([]);
    } finally {
      await denying.close();
    }
  });
});

describe("a closed session's tools", () => {
  it("answer with an error result, never a throw", async () => {
    const skills = await openTempSkillset(temp);
    const session = skills.session({});
    const tools = Object.fromEntries(session.tools().map((tool) => [tool.name, tool]));
    await session.close();
    for (const [name, input] of [
      ["skill_load", { name: "alpha" }],
      ["use_skill", { name: "alpha" }],
      ["skill_read", { uri: "skill://alpha" }],
      ["skill_search", { query: "alpha" }],
    ] as const) {
      const result = await tools[name]?.handler(input);
      expect(result, name).toMatchObject({ isError: true, code: "session-closed" });
    }
    await skills.close();
  });
});
