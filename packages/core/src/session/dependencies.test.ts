import { execFileSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { Skillset } from "./create-skillset.js";
import type { EnvPromptRequest, McpServerRequest } from "./session-types.js";

const SECRET = "sk-test-7f3a9c1e5b2d4f6a8e0c";
let temp: TempDir;
let skills: Skillset;
beforeEach(async () => {
  temp = await createTempProject();
  await temp.write({
    "project/.agents/skills/tracker/agents/openai.yaml":
      "dependencies:\n  tools:\n    - type: env_var\n      value: TRACKER_TOKEN\n      description: API token for the tracker\n    - type: mcp\n      value: linear\n",
    "project/.agents/skills/board/agents/openai.yaml":
      "dependencies:\n  tools:\n    - type: mcp\n      value: linear\n",
  });
  await temp.writeSkill(
    "project/.agents/skills/tracker",
    { name: "tracker", description: "Use when filing tracker issues." },
    "File it.\n",
  );
  await temp.writeSkill(
    "project/.agents/skills/board",
    { name: "board", description: "Use when moving cards on the board." },
    "Move it.\n",
  );
  skills = await openTempSkillset(temp, {
    config: { policy: { hostTimeoutMs: 1_000 } },
  });
});
afterEach(async () => {
  await skills.close();
  await temp.cleanup();
});

describe("dependencies checked before activation", () => {
  it("a missing env var is asked once, kept in memory only, and never reaches disk", async () => {
    const prompts: EnvPromptRequest[] = [];
    const installs: McpServerRequest[] = [];
    const session = skills.session({
      host: {
        promptEnv: (request) => {
          prompts.push(request);
          return SECRET;
        },
        mcpServers: [],
        installMcpServer: (request) => {
          installs.push(request);
          return "skip";
        },
      },
    });
    const first = await session.prepareTurn("$tracker file a bug", { source: "user" });
    expect(first.activations).toHaveLength(1);
    expect(prompts.map((request) => [request.name, request.secret, request.description])).toEqual([
      ["TRACKER_TOKEN", true, "API token for the tracker"],
    ]);
    expect(first.diagnostics.map((found) => found.code)).toEqual(["dependency-mcp-skipped"]);
    expect(session.environment()).toEqual({ TRACKER_TOKEN: SECRET });

    await session.prepareTurn("$tracker file another", { source: "user" });
    const load = session.tools().find((tool) => tool.name === "skill_load") as SkillTool;
    expect((await load.handler({ name: "board" })).isError).toBe(false);
    expect(prompts).toHaveLength(1);
    expect(installs.map((request) => request.server)).toEqual(["linear"]); // once per session, for both skills

    // Everything a session writes or reports: snapshot, inspection, state. The secret is in none of it.
    const snapshot = JSON.stringify(session.snapshot());
    expect(snapshot).not.toContain(SECRET);
    expect(JSON.stringify(session.inspect())).not.toContain(SECRET);
    await session.close();
    await skills.close();
    const grep = () => {
      try {
        return execFileSync("grep", ["-rl", SECRET, temp.path], { encoding: "utf8" });
      } catch {
        return ""; // grep exits 1 when nothing matches
      }
    };
    expect(grep()).toBe("");

    // A new session asks again: the value lived in the old session's memory only.
    const next = skills.session({ host: { promptEnv: () => undefined } });
    const refused = await next.prepareTurn("$tracker file a bug", { source: "user" });
    expect(refused.activations).toEqual([]);
    expect(refused.diagnostics[0]).toMatchObject({ code: "dependency-missing" });
    expect(refused.diagnostics[0]?.message).toContain(
      "needs the environment variable TRACKER_TOKEN (API token for the tracker)",
    );
  });

  it("a prompt that throws or never answers refuses the skill with the reason; the session keeps working", async () => {
    const thrown = skills.session({
      host: {
        promptEnv: () => {
          throw new Error("no terminal");
        },
      },
    });
    const turn = await thrown.prepareTurn("$tracker x", { source: "user" });
    expect(turn.diagnostics[0]?.message).toContain("promptEnv callback threw: no terminal");
    const silent = skills.session({ host: { promptEnv: () => new Promise<string>(() => {}) } });
    const started = Date.now();
    const late = await silent.prepareTurn("$tracker x", { source: "user" });
    expect(late.diagnostics[0]?.message).toContain("did not answer within 1000 ms");
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await silent.prepareTurn("$board y", { source: "user" })).activations).toHaveLength(1);
  });

  it("doctor's view: unmet dependencies of every enabled skill", () => {
    const unmet = skills.unmetDependencies({ mcpServers: [] });
    expect(
      unmet.map(({ skill, missing }) => [skill.name, missing.map((dependency) => dependency.name)]),
    ).toEqual([
      ["board", ["linear"]],
      ["tracker", ["TRACKER_TOKEN", "linear"]],
    ]);
  });
});
