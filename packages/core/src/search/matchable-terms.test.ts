import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchableTerms, withinEditDistance } from "./matchable-terms.js";

/** The whole edit-distance table, the textbook way: what the banded check must agree with. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost));
    }
    previous = current;
  }
  return previous[b.length]!;
}

describe("withinEditDistance", () => {
  it("agrees with the full edit-distance table", () => {
    // A small alphabet makes near strings common; lengths past the reused rows' size are included.
    const text = fc.string({ unit: fc.constantFrom("a", "b", "c", "é"), maxLength: 80 });
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 3 }), (a, b, limit) => {
        expect(withinEditDistance(a, b, limit)).toBe(editDistance(a, b) <= limit);
      }),
      { numRuns: 3000 },
    );
  });

  it("counts insertions, deletions and substitutions", () => {
    expect(withinEditDistance("release", "relase", 1)).toBe(true);
    expect(withinEditDistance("release", "relaese", 1)).toBe(false);
    expect(withinEditDistance("release", "relaese", 2)).toBe(true);
    expect(withinEditDistance("", "ab", 2)).toBe(true);
    expect(withinEditDistance("", "abc", 2)).toBe(false);
  });
});

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
