import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointLength, frontmatterText } from "./frontmatter-text.js";

describe("codePointLength", () => {
  it("counts code points as Python's len does: a pair is one, a lone surrogate is one", () => {
    expect(
      ["", "a", "é", "😀", "a😀b", "\ud800", "\ud800a", "a\udc00", "\udc00\ud800", "😀\ud83d"].map(
        codePointLength,
      ),
    ).toEqual([0, 1, 1, 1, 3, 1, 2, 2, 2, 2]);
  });

  it("equals the length of the string's iterator on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(codePointLength(text)).toBe([...text].length);
      }),
    );
  });
});

describe("frontmatterText", () => {
  it("reads scalars as text, like strictyaml", () => {
    expect([
      frontmatterText("x"),
      frontmatterText(123),
      frontmatterText(true),
      frontmatterText(null),
    ]).toEqual(["x", "123", "true", undefined]);
  });
});
