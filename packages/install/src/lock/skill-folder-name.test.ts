import { SkillsetError } from "@skillset/core/model";
import { describe, expect, it } from "vitest";
import { folderNameProblem, lockedFolderName, skillFolder } from "./skill-folder-name.js";

describe("a skill name is a folder name only when it is one path segment", () => {
  it.each([
    ["", /empty/],
    [".", /'\.'/],
    ["..", /'\.\.'/],
    ["../../../.git/hooks", /'\/'/],
    ["a/b", /'\/'/],
    ["..\\evil", /'\\'/],
    ["nul\u0000byte", /control/],
    ["tab\tname", /control/],
    ["del\u007f", /control/],
    ["c1\u009b31m", /control/],
    ["x".repeat(256), /256 bytes/],
    ["é".repeat(128), /256 bytes/],
  ])("refuses %j", (name, reason) => {
    expect(folderNameProblem(name)).toMatch(reason);
  });

  it.each([["alpha"], ["my-skill"], [".hidden"], ["..."], ["a.b"], ["x".repeat(255)], ["ünïcode"]])(
    "accepts %j",
    (name) => {
      expect(folderNameProblem(name)).toBeUndefined();
      expect(skillFolder("/base", name, "here")).toBe(`/base/${name}`);
    },
  );

  it("the error names where the skill came from, shows the name escaped, and says the fix", () => {
    let caught: unknown;
    try {
      skillFolder("/base", "x\u001b]0;PWNED\u0007/..", "folder evil in ../src");
    } catch (error) {
      caught = error;
    }
    expect(SkillsetError.isInstance(caught)).toBe(true);
    const error = caught as SkillsetError;
    expect(error.code).toBe("install-unsafe-name");
    expect(error.message).toContain('"x\\x1b]0;PWNED\\x07/.."');
    expect(error.message).toContain("folder evil in ../src");
    expect(error.message).toContain("Fix its `name`");
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
  });
});

describe("lockedFolderName: where an entry of a lock lives (vercel's rule)", () => {
  it.each([
    ["pdf", "pdf"],
    ["team/pdf", "team-pdf"],
    ["PDF Tools", "pdf-tools"],
    ["My_Skill.v2", "my_skill.v2"],
    ["../../../victim", "victim"],
    ["..", "unnamed-skill"],
    ["", "unnamed-skill"],
    ["a\u001bb", "a-b"],
    ["-x-", "x"],
  ])("%j → %j", (key, folder) => {
    expect(lockedFolderName(key)).toBe(folder);
    expect(folderNameProblem(lockedFolderName(key))).toBeUndefined();
  });
});
