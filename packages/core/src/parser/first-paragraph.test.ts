import { describe, expect, it } from "vitest";
import { firstParagraph } from "./first-paragraph.js";

describe("firstParagraph", () => {
  it("takes the first prose paragraph, skipping headings, code, comments and rules", () => {
    const body =
      "# Title\n\n<!-- note\nmore -->\n---\n```bash\nrun me\n```\n## Overview\nFirst line\nsecond  line.\n\nNext.";
    expect(firstParagraph(body)).toBe("First line second line.");
  });

  it("falls back to the first heading, and to nothing for an empty body", () => {
    expect(firstParagraph("# Canvas Skill\n\n## Usage\n")).toBe("Canvas Skill");
    expect(firstParagraph("\n \n")).toBeUndefined();
    expect(firstParagraph("")).toBeUndefined();
  });

  it("caps a huge paragraph at 1,024 characters, cut at a word", () => {
    const text = firstParagraph("word ".repeat(1000));
    expect(Array.from(text ?? "").length).toBeLessThanOrEqual(1024);
    expect(text).toMatch(/word…$/);
  });
});
