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
  [
    "backtick runs of growing length",
    (n) => {
      const parts: string[] = [];
      for (let length = 0, size = 0; size < n; length = (length + 1) % 400) {
        parts.push(`${"`".repeat(length)} $x `);
        size += length + 4;
      }
      return parts.join("").slice(0, n);
    },
  ],
  ["alternating ` and ``", (n) => "` `` ".repeat(n / 5)],
  ["open links without a close", (n) => "[$a](".repeat(n / 5)],
  ["angle links without a close", (n) => "[$a](<".repeat(n / 6)],
  ["fence lines", (n) => "```\n~~~\n".repeat(n / 8)],
  ["one line of stacked list markers", (n) => `${"- 1. ".repeat(n / 5)}$x`],
  ["list item fences", (n) => "- ```\n  $x\n  ```\n1. ~~~\n$y\n~~~\n".repeat(n / 31)],
  ["one long id", (n) => `$${"a".repeat(n - 1)}`],
  ["long env-shaped id", (n) => `$${"A".repeat(n - 1)}`],
  ["many distinct unknown ids", (n) => Array.from({ length: n / 8 }, (_, i) => `$zq${i} `).join("")],
  ["many skill:// references", (n) => "skill://a/b ".repeat(n / 12)],
  ["a slash command with long args", (n) => `/skill-1 ${"x ".repeat(n / 2)}`],
  ["$ after letters", (n) => "a$".repeat(n / 2)],
  ["a run of ://", (n) => "://".repeat(n / 3)],
  ["URLs holding $", (n) => "h://$a/$b ".repeat(n / 10)],
  ["long schemes, each before :// and whitespace", (n) => `${"a".repeat(60)}:// $x `.repeat(n / 67)],
];

describe("scan + resolve run in linear time", () => {
  it.each(shapes)("%s: 100k → 400k characters", (_, build) => {
    const small = build(100_000);
    const large = build(400_000);
    fastest(small); // warm up the JIT
    // Linear: ~4× (quadratic: ~16×, and seconds: the quadratic versions of these inputs take whole
    // seconds at 400k characters). Other processes share the CPU, so a slow sample is measured again.
    let smallTime = 0;
    let largeTime = 0;
    for (let attempt = 0; attempt < 3; attempt++) {
      smallTime = fastest(small);
      largeTime = fastest(large);
      if (largeTime < Math.max(12 * smallTime, 250)) break;
    }
    expect(largeTime).toBeLessThan(Math.max(12 * smallTime, 250));
  });
});
