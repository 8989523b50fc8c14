import { describe, expect, it } from "vitest";
import { makeSkill } from "../test/make-skill.js";
import { createHookRegistry, skillHooks } from "./skill-hooks.js";

const deploy = makeSkill({
  name: "deploy",
  frontmatter: {
    hooks: {
      PreToolUse: [{ matcher: "Bash|Write", hooks: [{ type: "command", command: "./check.sh" }] }],
      Stop: [{ hooks: [{ type: "command", command: "echo done", once: true }, { type: "command" }] }],
    },
    extra: {},
    raw: {},
  },
});

describe("skill hooks", () => {
  it("reads Claude Code's hook format; a hook with a missing command is a warning naming the skill", () => {
    const { hooks, diagnostics } = skillHooks(deploy);
    expect(hooks.map((hook) => [hook.event, hook.matcher, hook.command, hook.once])).toEqual([
      ["PreToolUse", "Bash|Write", "./check.sh", false],
      ["Stop", undefined, "echo done", true],
    ]);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: "hook-invalid", field: "hooks" });
    expect(diagnostics[0]?.message).toContain("Skill 'deploy' has a Stop hook with a missing command");
  });

  it("registers on activation, removes after, and fires a once hook once per session", () => {
    const registry = createHookRegistry();
    const { hooks } = skillHooks(deploy);
    registry.register(deploy.id, hooks);
    expect(registry.fire("PreToolUse", "Bash").map((hook) => hook.command)).toEqual(["./check.sh"]);
    expect(registry.fire("PreToolUse", "Read")).toEqual([]);
    expect(registry.fire("Stop").map((hook) => hook.command)).toEqual(["echo done"]);
    expect(registry.fire("Stop")).toEqual([]);
    registry.unregister(deploy.id);
    expect(registry.fire("PreToolUse", "Bash")).toEqual([]);
    registry.register(deploy.id, hooks); // the skill again, same session: the once hook stays spent
    expect(registry.fire("Stop")).toEqual([]);
    const restored = createHookRegistry(registry.fired());
    restored.register(deploy.id, hooks);
    expect(restored.fire("Stop")).toEqual([]);
  });
});
