import { describe, expect, it } from "vitest";
import { matchableTerms } from "./matchable-terms.js";

describe("matchableTerms", () => {
  it("keeps each term, the terms a prefix term begins and near terms of a misspelt one, nothing else", () => {
    const reachable = matchableTerms([
      { term: "imag", prefix: false, typos: 0 },
      { term: "optimzat", prefix: false, typos: 1 },
      { term: "web", prefix: true, typos: 0 },
    ]);
    const kept = ["imag", "image", "optimizat", "optimzat", "optimzt", "web", "websit", "we"].filter(
      reachable,
    );
    expect(kept).toEqual(["imag", "optimizat", "optimzat", "optimzt", "web", "websit"]);
  });
});
