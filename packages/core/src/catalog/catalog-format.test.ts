import { describe, expect, it } from "vitest";
import { makeSkill } from "../test/make-skill.js";
import { contextFormat } from "./context-format.js";
import { escapeXml } from "./escape-xml.js";
import { markdownFormat } from "./markdown-format.js";
import { formatAvailableSkills, xmlFormat } from "./xml-format.js";

describe("catalog formats", () => {
  const skill = makeSkill({ name: "a&b", namespace: "ns", path: "/s/it's/SKILL.md" });

  it.each([xmlFormat, markdownFormat, contextFormat])(
    "$name: skillText is the frame around the description",
    (format) => {
      const description = `Use <when> "x" & 'y' happen…`;
      const { before, lead, trail, after } = format.skillFrame(skill);
      expect(format.skillText(skill, description)).toBe(
        `${before}${lead}${format.escape(description)}${trail}${after}`,
      );
    },
  );

  it("escapes the five XML characters like the reference", () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/a&gt;",
    );
  });

  it("escapes names and locations too", () => {
    expect(xmlFormat.skillText(skill, "")).toContain("\nns:a&amp;b\n");
    expect(xmlFormat.skillText(skill, "")).toContain("\n/s/it&#x27;s/SKILL.md\n");
    expect(contextFormat.skillText(skill, "")).toContain("<path>/s/it&#x27;s/SKILL.md</path>");
  });

  it("formats <available_skills> without a budget, and the exact empty form", () => {
    expect(formatAvailableSkills([])).toBe("<available_skills>\n</available_skills>");
    expect(
      formatAvailableSkills([{ name: "pdf", description: "Read PDFs.", location: "/s/pdf/SKILL.md" }]),
    ).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>
      pdf
      </name>
      <description>
      Read PDFs.
      </description>
      <location>
      /s/pdf/SKILL.md
      </location>
      </skill>
      </available_skills>"
    `);
  });
});
