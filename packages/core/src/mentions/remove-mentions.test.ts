import { describe, expect, it } from "vitest";
import { removeMentions } from "./remove-mentions.js";

/** Removes every occurrence of `token` from `text`. */
function without(text: string, token: string): string {
  const ranges: { start: number; end: number }[] = [];
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + token.length)) {
    ranges.push({ start: at, end: at + token.length });
  }
  return removeMentions(text, ranges);
}

describe("removeMentions", () => {
  it.each([
    ["$x fix the bug", "fix the bug"],
    ["fix the bug with $x", "fix the bug with"],
    ["fix $x the bug", "fix the bug"],
    ["fix $x, then test", "fix, then test"],
    ["fix $x. Then test", "fix. Then test"],
    ["$x $x twice", "twice"],
    ["a $x $x b", "a b"],
    ["line one $x\nline two", "line one\nline two"],
    ["line one\n$x line two", "line one\nline two"],
    ["\t$x\t", ""],
    ["$x", ""],
  ])("%j → %j", (text, task) => {
    expect(without(text, "$x")).toBe(task);
  });

  it("accepts unsorted and overlapping ranges", () => {
    expect(
      removeMentions("ab cd ef", [
        { start: 6, end: 8 },
        { start: 0, end: 2 },
        { start: 1, end: 2 },
      ]),
    ).toBe("cd");
  });

  it("returns the text trimmed when there is nothing to remove", () => {
    expect(removeMentions("  keep me  ", [])).toBe("keep me");
  });
});
