import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSkillText } from "../parser/index.js";
import { METADATA_CACHE_VERSION } from "./metadata-cache.js";

// The metadata cache stores parse results, so a cache written by an older parser would keep serving its
// codes and messages after an upgrade. This pins the parser's output on skills that exercise its warnings
// and errors next to the cache version: when the output changes, bump METADATA_CACHE_VERSION and the pin.
const path = "/skills/pdf-tools/SKILL.md";
const samples = [
  "---\nname: pdf-tools\ndescription: Use when editing PDFs.\n---\nBody\n",
  "---\nname: Pdf\ndescription: Use when editing PDFs.\n---\n",
  "---\nname: other\ndescription: Use when: editing PDFs\n---\n",
  "---\nname: pdf-tools\n---\n",
  "No frontmatter here.\n\nSecond paragraph.\n",
  "",
  "---\nname: a--b\ndescription: Use when editing PDFs.\n---\n",
  "---\nname: pdf-tools\ndescription: [unclosed\n---\n",
  "---\nname: pdf-tools\ndescription: d\nuser-invokable: false\nmetadata:\n  a: 1\n---\n",
];

function parserOutputDigest(): string {
  const results = samples.map((text) => parseSkillText(text, { path, mtimeMs: 1, size: text.length }));
  const shape = results.map(({ skill, diagnostics }) => ({
    skill: skill && { name: skill.name, description: skill.description, invocation: skill.invocation },
    diagnostics,
  }));
  return createHash("sha256").update(JSON.stringify(shape)).digest("hex").slice(0, 16);
}

describe("metadata cache version", () => {
  it("is bumped whenever what the parser stores changes", () => {
    // Both values change together: a new digest with the old version means stale caches after an upgrade.
    expect({ version: METADATA_CACHE_VERSION, parserOutput: parserOutputDigest() }).toEqual({
      version: 8,
      parserOutput: "89a6fb9879512604",
    });
  });
});
