import { describe, expect, it } from "vitest";
import { resolveMentions } from "../mentions/resolve-mentions.js";
import { makeEntry } from "../test/index.js";

// Issue 7 item 4: ~122k mentions in one message threw "Maximum call stack size exceeded" (a spread push);
// item 6: skill:// references that climb out of the skill were returned as references.
const entries = [makeEntry({ skill: { name: "alpha" } })];

describe("resolveMentions on hostile input", () => {
  it("resolves 500,000 mentions without throwing, capped with one diagnostic", () => {
    const text = `${"$alpha ".repeat(500_000)}do it`;
    const turn = resolveMentions(text, entries, { source: "user", config: { composition: true } });
    expect(turn.mentions).toHaveLength(1000);
    expect(turn.diagnostics.map((found) => found.code)).toContain("mention-limit");
    expect(turn.activations.map((activation) => activation.skill.name)).toEqual(["alpha"]);
  });

  it("resolves 500,000 distinct unknown mentions and links without throwing", () => {
    const words = Array.from({ length: 250_000 }, (_, index) => `$w${index} [$alpha](x${index})`).join(" ");
    expect(() => resolveMentions(words, entries, { source: "model" })).not.toThrow();
  });

  it("honours a configured cap", () => {
    const turn = resolveMentions("$alpha $alpha $alpha", entries, {
      source: "user",
      config: { maxPerMessage: 2 },
    });
    expect(turn.mentions).toHaveLength(2);
    expect(turn.diagnostics.map((found) => found.code)).toEqual(["mention-limit"]);
  });

  it.each([
    "skill://alpha/../../../etc/passwd",
    "skill://alpha/%2e%2e/%2e%2e/etc/passwd",
    "skill://alpha/ok/..%2F..%2Fsecret",
    "skill://alpha//etc/shadow",
    "skill://alpha/%E0%A4%A",
  ])("refuses %s, which leaves the skill", (uri) => {
    const turn = resolveMentions(`read ${uri} now`, entries, { source: "model" });
    expect(turn.references).toEqual([]);
    expect(turn.diagnostics.map((found) => found.code)).toEqual(["skill-uri-refused"]);
  });

  it("keeps a reference inside the skill", () => {
    const turn = resolveMentions("read skill://alpha/references/a.md", entries, { source: "model" });
    expect(turn.references).toMatchObject([{ id: "alpha", relativePath: "references/a.md" }]);
  });
});
