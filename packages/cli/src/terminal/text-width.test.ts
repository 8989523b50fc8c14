import cliTruncate from "cli-truncate";
import fc from "fast-check";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import { oneColumnText } from "../testing/one-column-text.js";
import { displayWidth, fitWidth, loadWidthRules, padWidth } from "./text-width.js";

describe("text width", () => {
  it("measures and cuts one-column text exactly as string-width and cli-truncate do, without loading them", () => {
    fc.assert(
      fc.property(oneColumnText, fc.integer({ min: 1, max: 40 }), (text, width) => {
        expect(displayWidth(text)).toBe(stringWidth(text));
        const expected = stringWidth(text) <= width ? text : cliTruncate(text, width, { position: "end" });
        expect(fitWidth(text, width)).toBe(expected);
      }),
    );
  });

  it("uses the Unicode rules for CJK, emoji and escape codes once they are loaded", async () => {
    const texts = ["日本語のスキル", "🚀 launch", "\u001B[1mbold\u001B[22m"];
    expect(() => displayWidth(texts[0] as string)).toThrow(/loadWidthRules/);
    await loadWidthRules(["plain", ...texts]);
    expect(texts.map(displayWidth)).toEqual([14, 9, 4]);
    expect(fitWidth("日本語のスキル", 7)).toBe(cliTruncate("日本語のスキル", 7, { position: "end" }));
    expect(padWidth("日本", 6)).toBe("日本  ");
  });
});
