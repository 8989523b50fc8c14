import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { Skillset } from "./create-skillset.js";

// A `context: fork` skill in a host without a fork callback: its instructions are inserted inline with a
// `fork-unsupported` warning, never dropped (SPEC §11, like use_skill's fallback).
let temp: TempDir;
let skills: Skillset;
beforeAll(async () => {
  temp = await createTempProject();
  await temp.writeSkill(
    "project/.agents/skills/argy",
    {
      name: "argy",
      description: "Use when deploying.",
      context: "fork",
      agent: "Explore",
      model: "haiku",
      "allowed-tools": "Bash(git:*) Read",
    },
    "Deploy to $0 in region $1.\n",
  );
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills.close();
  await temp.cleanup();
});

describe("a context: fork skill", () => {
  it("without a host fork: the body goes inline, with a warning naming the file, the field and the fix", async () => {
    const turn = await skills.session().prepareTurn("/argy prod eu", { source: "user" });
    expect(turn.visibleLines).toEqual(["Using skill: argy"]);
    expect(turn.forks).toEqual([]);
    expect(turn.messages).toHaveLength(1);
    expect(turn.messages[0]?.content).toContain("Deploy to prod in region eu.");
    expect(turn.activations[0]?.context).toBe("inline");
    expect(turn.model).toBe("haiku");
    expect(turn.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "fork-unsupported",
        field: "context",
        path: temp.join("project/.agents/skills/argy/SKILL.md"),
      }),
    ]);
    const message = turn.diagnostics[0]?.message ?? "";
    expect(message).toContain("argy/SKILL.md");
    expect(message).toContain("inserted inline");
    expect(message).toContain("host.fork");
  });

  it("with a host fork: a fork request, no message and no warning", async () => {
    const session = skills.session({ host: { fork: () => ({ taskId: "task-1" }) } });
    const turn = await session.prepareTurn("/argy prod eu", { source: "user" });
    expect(turn.forks).toMatchObject([
      { taskId: "task-1", agent: "Explore", model: "haiku", args: ["prod", "eu"] },
    ]);
    expect(turn.messages).toEqual([]);
    expect(turn.diagnostics).toEqual([]);
    expect(turn.activations[0]?.context).toBe("fork");
  });
});
