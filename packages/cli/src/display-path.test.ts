import { describe, expect, it } from "vitest";
import { displayPath } from "./display-path.js";

describe("displayPath", () => {
  it("shows a path inside cwd relative to it, and one outside as it is", () => {
    expect(displayPath("/work/project/.agents/skills/pdf/SKILL.md", "/work/project")).toBe(
      ".agents/skills/pdf/SKILL.md",
    );
    expect(displayPath("/home/me/.agents/skills/pdf/SKILL.md", "/work/project")).toBe(
      "/home/me/.agents/skills/pdf/SKILL.md",
    );
  });

  it("shows a remote skill's mcp:// URL as written, never as a folder under cwd", () => {
    expect(displayPath("mcp://docs/skill://pdf/SKILL.md", "/work/project")).toBe(
      "mcp://docs/skill://pdf/SKILL.md",
    );
  });
});
