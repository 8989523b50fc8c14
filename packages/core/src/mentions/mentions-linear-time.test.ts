import { describe, expect, it } from "vitest";
import { makeEntry } from "../test/make-skill.js";
import { resolveMentions } from "./resolve-mentions.js";
import { scanMentions } from "./scan-mentions.js";

const entries = Array.from({ length: 1000 }, (_, index) => makeEntry({ skill: { name: `skill-${index}` } }));

/** Fastest of two runs of scan + resolve, in ms. */
function fastest(text: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 2; run++) {
    const start = performance.now();
    scanMentions(text);
    resolveMentions(text, entries, { source: "user", cwd: "/" });
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Hostile inputs, each built to a given length by repeating a unit. */
const shapes: [string, (length: number) => string][] = [
  ["a run of $", (n) => "$".repeat(n)],
  ["a run of [", (n) => "[".repeat(n)],
  ["a run of backticks", (n) => "`".repeat(n)],
  ["backtick runs of growing length", (n) => Array.from({ length: Math.sqrt(n) }, (_, i) => `${"`".repeat(i)} $x `).join("").slice(0, n)],
  ["alternating ` and ``", (n) => "` `` ".repeat(n / 5)],
  ["open links without a close", (n) => "[$a](".repeat(n / 5)],
  ["angle links without a close", (n) => "[$a](<".repeat(n / 6)],
  ["fence lines", (n) => "```\n~~~\n".repeat(n / 8)],
  ["one long id", (n) => `$${"a".repeat(n - 1)}`],
  ["long env-shaped id", (n) => `$${"A".repeat(n - 1)}`],
  ["many distinct unknown ids", (n) => Array.from({ length: n / 8 }, (_, i) => `$zq${i} `).join("")],
  ["many skill:// references", (n) => "skill://a/b ".repeat(n / 12)],
  ["a slash command with long args", (n) => `/skill-1 ${"x ".repeat(n / 2)}`],
  ["$ after letters", (n) => "a$".repeat(n / 2)],
];

describe("scan + resolve run in linear time", () => {
  it.each(shapes)("%s: 100k → 400k characters", (_, build) => {
    const small = build(100_000);
    const large = build(400_000);
    fastest(small); // warm up the JIT
    const smallTime = fastest(small);
    const largeTime = fastest(large);
    // Linear: ~4× (quadratic would be ~16×); a floor absorbs timer noise on tiny durations.
    expect(largeTime).toBeLessThan(Math.max(10 * smallTime, 60));
  });
});
