import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeDescription } from "./normalize-description.js";

describe("normalizeDescription", () => {
  it("collapses whitespace runs (line breaks and Unicode spaces included) and trims", () => {
    expect(normalizeDescription("  Fill\n  PDF\tforms.\u00a0\u2028Now ")).toBe("Fill PDF forms. Now");
    expect(normalizeDescription("Already clean.")).toBe("Already clean.");
  });

  it("equals the plain regex rule on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(normalizeDescription(text)).toBe(text.replace(/\s+/g, " ").trim());
      }),
      { numRuns: 2000 },
    );
  });
});
