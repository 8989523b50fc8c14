import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import { normalizeDescription } from "../model/normalize-description.js";
import { createTempDir, renderSkillFile, type TempDir } from "../test/temp-tree.js";
import { KNOWN_FRONTMATTER_KEYS } from "./build-frontmatter.js";
import { parseSkillFile } from "./parse-skill-file.js";
import { parseSkillText } from "./parse-skill-text.js";
import type { ParseResult } from "./parsed-skill.js";

const path = "/skills/fuzz/SKILL.md";

/** The contract every result keeps: a skill with warnings only, or no skill and at least one error. */
function expectWellFormed(result: ParseResult): void {
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  if (result.skill) {
    expect(errors).toEqual([]);
    expect(result.skill.description).not.toBe("");
  } else {
    expect(errors.length).toBeGreaterThan(0);
  }
}

// Text that looks like SKILL.md often enough to reach every stage.
const skillish = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "---",
        "--- ",
        "----",
        "",
        "name: x",
        "description: Use when: y",
        "  - item",
        "\t- tab",
        "a: &a [*a]",
        "key: [",
        "'",
        '"',
        "# T",
        "\uFEFF",
        "\r",
      ),
      fc.string({ unit: "binary", maxLength: 20 }),
    ),
    { maxLength: 12 },
  )
  .map((lines) => lines.join("\n"));

describe("parsing never throws", () => {
  it("on arbitrary text, in both modes", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: "binary" }), skillish),
        fc.constantFrom("lenient", "strict") as fc.Arbitrary<"lenient" | "strict">,
        (text, mode) => {
          expectWellFormed(parseSkillText(text, { path, mode }));
        },
      ),
      { numRuns: 3000 },
    );
  });

  describe("on arbitrary bytes on disk", () => {
    let temp: TempDir;
    beforeAll(async () => {
      temp = await createTempDir();
    });
    afterAll(() => temp.cleanup());

    it("returns a well-formed result", async () => {
      let n = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.uint8Array({ maxLength: 300 }),
            skillish.map((t) => new TextEncoder().encode(t)),
          ),
          async (bytes) => {
            const file = `f${n++}/SKILL.md`;
            await temp.write({ [file]: bytes });
            expectWellFormed(await parseSkillFile(temp.join(file), { hasAgentsDir: false }));
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});

describe("frontmatter values round-trip", () => {
  const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => k !== "metadata");
  it("keeps every value of the mapping in raw and extra", () => {
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 }), (extra) => {
        const mapping = { name: "fuzz", description: "Round trip.", ...extra };
        const text = `---\n${stringify(mapping)}---\nBody\n`;
        const result = parseSkillText(text, { path });
        expect(result.document.raw).toEqual(mapping);
        const unknown = Object.entries(mapping).filter(([k]) => !KNOWN_FRONTMATTER_KEYS.has(k));
        expect(result.document.frontmatter?.extra).toEqual(Object.fromEntries(unknown));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps any name and description text, the description whitespace-normalised", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ unit: "grapheme" }), (name, description) => {
        const result = parseSkillText(renderSkillFile({ name, description }), { path });
        if (normalizeDescription(description) === "") {
          expect(result.diagnostics.map((d) => d.code)).toContain("missing-description");
          return;
        }
        expect(result.skill?.frontmatter.name).toBe(name);
        expect(result.skill?.frontmatter.description).toBe(description);
        expect(result.skill?.description).toBe(normalizeDescription(description));
      }),
      { numRuns: 1000 },
    );
  });
});
