import { describe, expect, it } from "vitest";
import { makeSkill } from "../test/index.js";
import { modelSafeSkill } from "./model-safe-skill.js";

describe("modelSafeSkill", () => {
  it("returns a clean skill itself, and a copy without control characters of one that has them", () => {
    const clean = makeSkill({ name: "pdf" });
    expect(modelSafeSkill(clean)).toBe(clean);
    const hostile = makeSkill({ name: "evil\u0007", description: "Use when\n\u001b[8mhidden." });
    const safe = modelSafeSkill(hostile);
    expect(safe).not.toBe(hostile);
    expect(safe).toMatchObject({ name: "evil", description: "Use when [8mhidden." });
    expect(hostile.name).toBe("evil\u0007");
  });

  it("checks each skill object once: the next render of the same snapshot gets the same answer", () => {
    const hostile = makeSkill({ name: "evil\u0007" });
    expect(modelSafeSkill(hostile)).toBe(modelSafeSkill(hostile));
    // A new snapshot of the skill (the registry makes new objects on a change) is checked again.
    const changed = { ...hostile, description: "Use when\u0007 testing." };
    expect(modelSafeSkill(changed).description).toBe("Use when testing.");
    expect(modelSafeSkill(changed)).not.toBe(modelSafeSkill(hostile));
  });
});
