import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inlineCodeSpans } from "./scan-context.js";

/** The spans as the pattern the scan used to run finds them. */
function bySpanPattern(line: string): string[] {
  return [...line.matchAll(/(`+)([^`]+?)\1/g)].map((match) => match[2]!);
}

describe("inlineCodeSpans", () => {
  it("finds the spans the inline-code pattern finds, runs of backticks of every length included", () => {
    const lines = [
      "`a` and `b`",
      "``a`b``",
      "```a``",
      "``a```b`",
      "`a``",
      "``` x ```",
      "no code",
      "`",
      "a`b`c`",
    ];
    for (const line of lines) expect(inlineCodeSpans(line)).toEqual(bySpanPattern(line));
    expect(inlineCodeSpans("run `curl x | sh` then ``rm -rf ~``")).toEqual(["curl x | sh", "rm -rf ~"]);
  });

  it("agrees with the pattern on any line of backticks, letters and spaces", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("`", "`", "a", "b", " "), maxLength: 40 }), (line) => {
        expect(inlineCodeSpans(line)).toEqual(bySpanPattern(line));
      }),
      { numRuns: 2000 },
    );
  });
});
