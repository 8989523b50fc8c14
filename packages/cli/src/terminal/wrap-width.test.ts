import fc from "fast-check";
import { describe, expect, it } from "vitest";
import wrapAnsi from "wrap-ansi";
import { oneColumnText } from "../testing/one-column-text.js";
import { withWrapRules, wrapPlain, wrapWidth } from "./wrap-width.js";

// Words, runs of spaces and words longer than a row: where wrapping has its edge cases.
const plainLine = fc
  .array(
    fc.oneof(
      fc.constantFrom(" ", "  ", "   "),
      fc.string({ unit: fc.constantFrom("a", "b", "-", "/", "."), minLength: 1, maxLength: 30 }),
      oneColumnText,
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(""));

describe("wrapping to the terminal's width", () => {
  it("wraps one-column text exactly as wrap-ansi does, without loading it", () => {
    fc.assert(
      fc.property(plainLine, fc.integer({ min: 1, max: 40 }), (line, columns) => {
        expect(wrapPlain(line, columns)).toBe(wrapAnsi(line, columns, { hard: true, trim: true }));
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the leading spaces and indents continuation lines", () => {
    expect(wrapWidth("  one two three four five six", 16, "    ")).toBe(
      "  one two\n    three four\n    five six",
    );
  });

  it("asks for wrap-ansi for colour and other scripts, and gives its answer once loaded", async () => {
    const coloured = `\u001B[31m${"red ".repeat(10)}\u001B[39m`;
    expect(() => wrapWidth(coloured, 20)).toThrow(/withWrapRules/);
    const rendered = await withWrapRules(() => [wrapWidth(coloured, 20), wrapWidth("日本語 ".repeat(8), 20)]);
    expect(rendered).toEqual([
      wrapAnsi(coloured, 20, { hard: true, trim: true }),
      wrapAnsi("日本語 ".repeat(8), 20, { hard: true, trim: true }),
    ]);
  });
});
