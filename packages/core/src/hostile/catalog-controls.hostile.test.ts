import { describe, expect, it } from "vitest";
import { renderCatalog } from "../catalog/render-catalog.js";
import { formatAvailableSkills } from "../catalog/xml-format.js";
import { makeEntry } from "../test/index.js";

// Issue 7 item 5: raw control characters landed in the XML catalog, the text the model reads.
const ESC = "\u001b";
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("the catalog never gives the model control characters", () => {
  const entry = makeEntry({
    skill: {
      name: `evil${ESC}]52;c;ZXZpbA==\u0007`,
      description: `Use when ${ESC}[8mhidden${ESC}[0m <b>tags</b> & \u202ereversed\u009b text.`,
    },
  });

  it.each(["xml", "markdown", "context"] as const)("in the %s format", (format) => {
    const { text } = renderCatalog([entry], { format });
    expect(text).not.toMatch(raw);
    expect(text).toContain("hidden");
    if (format !== "markdown") {
      expect(text).toContain("&lt;b&gt;tags&lt;/b&gt; &amp;");
      expect(text).not.toContain("<b>");
    }
  });

  it("in to-prompt's <available_skills>", () => {
    const text = formatAvailableSkills([
      { name: `x${ESC}[2J`, description: `d\u0007${ESC}]0;title\u0007 <x>`, location: `/s/x${ESC}/SKILL.md` },
    ]);
    expect(text).not.toMatch(raw);
    expect(text).toContain("&lt;x&gt;");
  });
});
