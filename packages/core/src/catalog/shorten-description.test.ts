import { describe, expect, it } from "vitest";
import { cutDescription, shortenDescription, wordEnds } from "./shorten-description.js";

describe("shortenDescription", () => {
  it("keeps a description that fits the cap", () => {
    expect(shortenDescription("Review pull requests", 20)).toBe("Review pull requests");
  });

  it("cuts at a word boundary and ends with an ellipsis within the cap", () => {
    const text = "Review pull requests for risk and missing tests";
    const short = shortenDescription(text, 20);
    expect(short).toBe("Review pull…");
    expect(short.length).toBeLessThanOrEqual(20);
  });

  it("drops trailing punctuation before the ellipsis", () => {
    expect(shortenDescription("Use when: reviewing, testing and shipping", 22)).toBe("Use when: reviewing…");
  });

  it("cuts inside the first word when no word boundary fits (text without spaces)", () => {
    expect(shortenDescription("处理电子表格文件并生成图表", 6)).toBe("处理电子表…");
  });

  it("never splits a surrogate pair", () => {
    const short = shortenDescription("😀😀😀😀", 4);
    expect(short).toBe("😀…");
  });

  it("keeps nothing when the cap cannot hold a character and the ellipsis", () => {
    expect(shortenDescription("Anything longer", 1)).toBe("");
    expect(shortenDescription("Anything longer", 0)).toBe("");
  });
});

describe("cutDescription", () => {
  it("reports the last whole word kept", () => {
    const text = "one two three four";
    expect(wordEnds(text)).toEqual([3, 7, 13, 18]);
    expect(cutDescription(text, 10)).toEqual({ end: 7, word: 1 });
    expect(cutDescription(text, 3)).toEqual({ end: 2, word: -1 });
  });
});
