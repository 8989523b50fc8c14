import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { ForkRequest } from "../tools/tools-context.js";
import type { Skillset } from "./create-skillset.js";
import type { SessionEvent } from "./session-types.js";

let temp: TempDir;
let skills: Skillset;
beforeEach(async () => {
  temp = await createTempProject();
  const skill = (name: string, fields: Record<string, unknown>, body: string) =>
    temp.writeSkill(`project/.agents/skills/${name}`, { name, ...fields }, body);
  await skill(
    "release-notes",
    {
      description: "Use when writing release notes from the git history.",
      "allowed-tools": "Bash(git:*) Read",
      model: "fast-model",
    },
    "Summarise $ARGUMENTS from git log.\n",
  );
  await skill(
    "code-review",
    { description: "Use when reviewing a pull request for bugs.", context: "fork", agent: "explore" },
    "Review PR $ARGUMENTS carefully.\n",
  );
  await skill(
    "test-driven-development",
    {
      description: "Use when implementing any feature or bugfix: write the failing test first.",
      "disallowed-tools": "Write",
    },
    "RED, GREEN, REFACTOR.\n",
  );
  await skill(
    "deploy",
    { description: "Use when deploying to production.", "disable-model-invocation": true },
    "Deploy carefully.\n",
  );
  // The person trusts this project's skills: their allowed-tools may pre-approve (SPEC §11).
  await temp.write({
    "home/.config/skillset/config.json": JSON.stringify({
      policy: { trustedScopes: ["user", "admin", "system", "repo"] },
    }),
  });
  skills = await openTempSkillset(temp);
});
afterEach(async () => {
  await skills.close();
  await temp.cleanup();
});

const hostTools = { bash: "bash", read: "read", write: "write", web_fetch: "web_fetch" };
const byName = (tools: SkillTool[], name: string) => tools.find((tool) => tool.name === name) as SkillTool;

describe("a whole conversation through the session, with a scripted model", () => {
  it("catalog, $mention, skill_search then skill_load, model-written $name, a fork, tools narrowed and restored", async () => {
    const forks: ForkRequest[] = [];
    const events: string[] = [];
    const session = skills.session({
      contextWindow: 200_000,
      host: {
        fork: (request) => {
          forks.push(request);
          return { taskId: `task-${forks.length}` };
        },
      },
    });
    session.on((event: SessionEvent) => events.push(`${event.type} ${event.skill.name}`));

    // 1. The catalog: every model-invocable skill, never the user-only one.
    const system = session.systemPrompt();
    expect(system).toContain("<name>\nrelease-notes\n</name>");
    expect(system).toContain("<name>\ncode-review\n</name>");
    expect(system).not.toContain("deploy");

    // 2. The person mentions a skill: its body is inserted and its allowed-tools narrow the host's tools.
    const first = await session.prepareTurn("$release-notes write the notes for v2.0", { source: "user" });
    expect(first.visibleLines).toEqual(["Using skill: release-notes"]);
    expect(first.task).toBe("write the notes for v2.0");
    expect(first.model).toBe("fast-model");
    expect(first.messages[0]?.content).toContain("<name>release-notes</name>");
    expect(first.toolPolicy.allowed?.map((pattern) => pattern.text)).toEqual(["Bash(git:*)", "Read"]);
    expect(Object.keys(session.filterTools(hostTools).tools)).toEqual(["bash", "read"]);
    expect(session.checkToolCall("bash", { command: "git log --oneline" }).action).toBe("approve");
    expect(session.checkToolCall("bash", { command: "curl example" }).action).toBe("deny");

    // 3. The model searches, then loads the best candidate by name.
    const tools = session.tools();
    const found = await byName(tools, "skill_search").handler({
      query: "check my feature with a failing test first",
    });
    const best = /^1\. (\S+)/m.exec(found.text)?.[1];
    expect(best).toBe("test-driven-development");
    const loaded = await byName(tools, "skill_load").handler({ name: best });
    expect(loaded.isError).toBe(false);
    expect(loaded.text).toContain("RED, GREEN, REFACTOR.");
    expect(session.filterTools(hostTools).removed).toContain("write");

    // 4. Model-written planning text activates the same way a person's does (and is not suppressed twice).
    const plan = await session.prepareTurn("Plan: use $test-driven-development for the parser fix.", {
      source: "model",
    });
    expect(plan.activations.map((activation) => [activation.skill.name, activation.suppressed])).toEqual([
      ["test-driven-development", true],
    ]);
    expect(plan.messages[0]?.content).toContain("already loaded");

    // 5. A fork request: the body goes to the host as a subagent task.
    const review = await session.prepareTurn("/code-review 42", { source: "user" });
    expect(review.forks).toMatchObject([{ taskId: "task-1", agent: "explore", args: ["42"] }]);
    expect(forks[0]?.body).toContain("Review PR 42 carefully.");
    expect(review.messages).toEqual([]);
    expect(review.activations[0]?.context).toBe("fork");

    // 6. A user-only skill is refused to the model, allowed to the person.
    expect((await session.prepareTurn("$deploy now", { source: "model" })).activations).toEqual([]);
    expect((await session.prepareTurn("$deploy now", { source: "user" })).activations).toHaveLength(1);

    // 7. Skills end: the tools come back.
    session.deactivate();
    expect(Object.keys(session.filterTools(hostTools).tools)).toEqual(Object.keys(hostTools));
    expect(events).toContain("activated release-notes");
    expect(events).toContain("deactivated release-notes");

    const inspection = session.inspect();
    expect(inspection.catalog.listed).toEqual(["code-review", "release-notes", "test-driven-development"]);
    expect(inspection.catalog.hidden).toEqual(["deploy"]);
    expect(inspection.loaded.map((record) => [record.name, record.via, record.active])).toEqual([
      ["release-notes", "mention", false],
      ["test-driven-development", "mention", false],
      ["code-review", "command", false],
      ["deploy", "mention", false],
    ]);
  });

  it("tool narrowing in approve mode keeps every tool and pre-approves the allowed ones", async () => {
    const session = skills.session({ host: { narrowing: "approve" } });
    await session.prepareTurn("$release-notes v2", { source: "user" });
    const filtered = session.filterTools(hostTools);
    expect(Object.keys(filtered.tools)).toEqual(Object.keys(hostTools));
    expect(filtered.approved).toEqual(["read"]);
    session.deactivate("release-notes");
    expect(session.filterTools(hostTools).approved).toEqual([]);
  });

  it("without a host skill_search, the tool is not offered and the catalog never names it", async () => {
    const many = await openTempSkillset(temp, {
      config: { catalog: { format: "context", budgetTokens: 260 } },
    });
    const session = many.session({ host: { offersSearch: false } });
    expect(session.tools().map((tool) => tool.name)).toEqual(["skill_load", "use_skill", "skill_read"]);
    const text = session.systemPrompt();
    expect(text).not.toContain("skill_search");
    expect(many.session().systemPrompt()).toContain("skill_search");
    await many.close();
  });
});

describe("compaction", () => {
  it("re-inserts references (or bodies) and lifts reload suppression", async () => {
    const session = skills.session();
    await session.prepareTurn("$release-notes v2", { source: "user" });
    const load = byName(session.tools(), "skill_load");
    expect((await load.handler({ name: "test-driven-development" })).text).toContain("RED, GREEN");
    expect((await load.handler({ name: "test-driven-development" })).text).toContain("already loaded");

    const references = await session.compacted();
    expect(references.map((message) => message.skill.name)).toEqual([
      "release-notes",
      "test-driven-development",
    ]);
    expect(references[1]?.content).toContain("Skill 'test-driven-development' was loaded earlier");
    const again = await load.handler({ name: "test-driven-development" });
    expect(again.text).toContain("RED, GREEN, REFACTOR.");
    expect(again.text).not.toContain("already loaded");

    const bodies = await session.compacted({ keep: "body" });
    expect(bodies[0]?.content).toContain("<name>release-notes</name>");
    expect(bodies[1]?.content).toContain("RED, GREEN, REFACTOR.");
  });
});

describe("bad input", () => {
  it("a session used after close() throws session-closed; the skillset and other sessions keep working", async () => {
    const session = skills.session();
    await session.close();
    for (const call of [
      () => session.systemPrompt(),
      () => session.tools(),
      () => session.snapshot(),
      () => session.filterTools({}),
    ]) {
      expect(call).toThrow(expect.objectContaining({ code: "session-closed" }));
    }
    await expect(session.prepareTurn("$release-notes")).rejects.toSatisfy(
      (error) => SkillsetError.isInstance(error) && error.code === "session-closed",
    );
    expect(skills.session().systemPrompt()).toContain("release-notes");
  });

  it("a fork callback that throws is a diagnostic naming the skill; the turn goes on", async () => {
    const session = skills.session({
      host: {
        fork: () => {
          throw new Error("no workers");
        },
      },
    });
    const turn = await session.prepareTurn("/code-review 7", { source: "user" });
    expect(turn.activations).toEqual([]);
    expect(turn.diagnostics.find((found) => found.code === "fork-failed")?.message).toContain(
      "Skill 'code-review' should run as a subagent task, but the host's fork callback threw: no workers",
    );
    expect((await session.prepareTurn("$release-notes v3")).activations).toHaveLength(1);
  });

  it("unknown text, empty text and a 1 MB message never throw", async () => {
    const session = skills.session();
    expect((await session.prepareTurn("")).activations).toEqual([]);
    expect((await session.prepareTurn("$nope do it")).diagnostics[0]?.code).toBe("mention-not-found");
    expect((await session.prepareTurn(`$release-notes ${"x".repeat(1_000_000)}`)).activations).toHaveLength(
      1,
    );
  });

  it("allowed-tools in an unknown form and a hook without a command are reported on activation; the rest applies", async () => {
    await temp.writeSkill(
      "project/.agents/skills/odd",
      {
        name: "odd",
        description: "Use when testing odd frontmatter.",
        "allowed-tools": "Read Bash(git 7up",
        hooks: { Stop: [{ hooks: [{ type: "command" }] }] },
      },
      "Odd.\n",
    );
    await skills.registry.reload();
    const session = skills.session();
    const turn = await session.prepareTurn("$odd go", { source: "user" });
    expect(turn.activations).toHaveLength(1);
    expect(turn.diagnostics.map((found) => found.code)).toEqual(["tool-pattern-invalid", "hook-invalid"]);
    expect(turn.diagnostics[0]?.message).toContain("Skill 'odd' lists");
    expect(turn.toolPolicy.allowed?.map((pattern) => pattern.text)).toEqual(["Read"]);
  });

  it("restoring something that is not a snapshot is a clear error", () => {
    const session = skills.session();
    expect(() => session.restore({ version: 7 } as never)).toThrow(
      expect.objectContaining({ code: "snapshot-invalid" }),
    );
  });
});

describe("Claude Code's skillOverrides through the session", () => {
  it("name-only lists the name without its description; user-invocable-only hides it from the model, not the person", async () => {
    await temp.write({
      "home/.claude/settings.json": JSON.stringify({
        skillOverrides: { "release-notes": "name-only", "test-driven-development": "user-invocable-only" },
      }),
    });
    const again = await openTempSkillset(temp);
    const session = again.session();
    const system = session.systemPrompt();
    expect(system).toContain("release-notes");
    expect(system).not.toContain("Use when writing release notes");
    expect(system).not.toContain("test-driven-development");
    expect((await session.prepareTurn("$test-driven-development", { source: "model" })).activations).toEqual(
      [],
    );
    expect(
      (await session.prepareTurn("$test-driven-development", { source: "user" })).activations,
    ).toHaveLength(1);
    const load = byName(session.tools(), "skill_load");
    expect((await load.handler({ name: "test-driven-development" })).code).toBe("skill-user-only");
    await again.close();
  });
});
