import { describe, expect, it } from "vitest";
import { checkName } from "./check-spec-fields.js";
import { suggestValidName } from "./suggest-valid-name.js";

describe("suggestValidName", () => {
  it.each([
    ["Dynamics 365 Automation", "dynamics-365-automation"],
    ["My_Skill", "my-skill"],
    ["--PDF  tools--", "pdf-tools"],
    ["Ｐｄｆ", "pdf"],
    ["données_Élève", "données-élève"],
  ])("%s → %s", (name, expected) => {
    expect(suggestValidName(name)).toBe(expected);
  });

  it("is itself a valid name for its folder, for every name the messages suggest it for", () => {
    for (const name of [
      "Dynamics 365 Automation",
      "My_Skill",
      "A.B.C",
      "x".repeat(70).toUpperCase(),
      "a__b",
    ]) {
      const suggestion = suggestValidName(name);
      expect(checkName(suggestion, { path: "SKILL.md", dirName: suggestion })).toEqual([]);
    }
  });

  it("the fix messages for an invalid name name the valid one", () => {
    const messages = checkName("Dynamics 365 Automation", { path: "SKILL.md", dirName: "Bad_Name" }).map(
      (found) => found.message,
    );
    for (const message of messages) {
      expect(message).toContain("dynamics-365-automation");
      expect(message).not.toMatch(/Write name: dynamics 365 automation|Rename the folder to 'Dynamics/);
    }
  });
});
