import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Skill } from "../model/skill.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import { createTempProject, openTempRegistry, type TempDir } from "../test/index.js";
import { decideUsableSkill } from "./usable-skill.js";

let temp: TempDir;
let registry: SkillRegistry;

beforeEach(async () => {
  temp = await createTempProject("skillset-usable-skill-");
  await temp.writeSkill("project/.agents/skills/pdf-editor", { name: "pdf-editor", description: "PDFs." });
  await temp.writeSkill("project/.agents/skills/deploy", {
    name: "deploy",
    description: "Deploys.",
    "disable-model-invocation": true,
  });
  registry = await openTempRegistry(temp);
});
afterEach(() => temp.cleanup());

/** A `refuse` that records the skills it was asked about. */
function recordingRefusal(reason: string | undefined) {
  const asked: string[] = [];
  const refuse = (skill: Skill) => {
    asked.push(skill.name);
    return reason;
  };
  return { asked, refuse };
}

describe("decideUsableSkill", () => {
  it("tells a person a disabled skill is disabled without asking the policy", async () => {
    await registry.setEnabled("pdf-editor", false);
    const { asked, refuse } = recordingRefusal("denied by a rule");
    const decision = await decideUsableSkill(registry, "pdf-editor", { refuse });
    expect(decision.kind).toBe("disabled");
    expect(asked).toEqual([]);
  });

  it("tells a model only that a hidden skill is denied, before it is disabled, with the policy's reason", async () => {
    await registry.setEnabled("pdf-editor", false);
    const { refuse } = recordingRefusal("deny rule in settings.json");
    const isHidden = (skill: Skill) => skill.name === "pdf-editor";
    const decision = await decideUsableSkill(registry, "pdf-editor", { forModel: true, isHidden, refuse });
    expect(decision).toMatchObject({ kind: "denied", reason: "deny rule in settings.json" });
  });

  it("refuses a user-only skill to a model but not to a person, and leaves it out of a model's near names", async () => {
    expect((await decideUsableSkill(registry, "deploy", { forModel: true })).kind).toBe("user-only");
    expect((await decideUsableSkill(registry, "deploy")).kind).toBe("usable");
    const person = await decideUsableSkill(registry, "deplo");
    const model = await decideUsableSkill(registry, "deplo", { forModel: true });
    expect(person).toMatchObject({ kind: "not-found", near: [{ skill: { name: "deploy" } }] });
    expect(model).toEqual({ kind: "not-found", near: [] });
  });

  it("asks the policy last and says its reason", async () => {
    const { asked, refuse } = recordingRefusal("needs confirmation");
    expect(await decideUsableSkill(registry, "pdf-editor", { refuse })).toMatchObject({
      kind: "denied",
      reason: "needs confirmation",
    });
    expect(asked).toEqual(["pdf-editor"]);
  });
});
