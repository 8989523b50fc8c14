import { describe, expect, it } from "vitest";
import { detectLinkStub } from "./detect-link-stub.js";

describe("detectLinkStub", () => {
  it("recognises a file holding only a path to a Markdown file", () => {
    expect(detectLinkStub("../../../marketing-skill/campaign-analytics/SKILL.md")).toBe(
      "../../../marketing-skill/campaign-analytics/SKILL.md",
    );
    expect(detectLinkStub("@../../../.agents/skills/canary/SKILL.md\n")).toBe(
      "../../../.agents/skills/canary/SKILL.md",
    );
  });

  it("does not mistake prose or code for a link", () => {
    expect(detectLinkStub("See ../x/SKILL.md for details")).toBeUndefined();
    expect(detectLinkStub("README.md")).toBeUndefined();
    expect(detectLinkStub("")).toBeUndefined();
  });
});
