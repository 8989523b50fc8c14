import { describe, expect, it } from "vitest";
import { parseSkillText } from "../parser/parse-skill-text.js";

// Issue 7 item 6: YAML nested 32k deep reported "Maximum call stack size exceeded" with quoting advice.
const parse = (yaml: string, mode: "lenient" | "strict" = "lenient") =>
  parseSkillText(`---\n${yaml}\n---\nBody.\n`, { path: "/s/deep/SKILL.md", mode });

describe("deeply nested frontmatter", () => {
  it.each([
    [
      "flow sequences",
      `name: deep\ndescription: Use when deep.\nmetadata: ${"[".repeat(32_000)}${"]".repeat(32_000)}`,
    ],
    [
      "flow mappings",
      `name: deep\ndescription: Use when deep.\nmetadata: ${"{a: ".repeat(10_000)}1${"}".repeat(10_000)}`,
    ],
    [
      "block sequences on one line",
      `name: deep\ndescription: Use when deep.\nmetadata:\n  ${"- ".repeat(20_000)}x`,
    ],
  ])("%s: refused with its own code, no stack overflow", (_, yaml) => {
    for (const mode of ["lenient", "strict"] as const) {
      const result = parse(yaml, mode);
      expect(result.skill).toBeUndefined();
      expect(result.diagnostics.map((found) => found.code)).toEqual(["yaml-too-deep"]);
      expect(result.diagnostics[0]?.message).not.toMatch(/call stack|quot/i);
    }
  });

  it("block mappings hundreds of levels deep never overflow the stack", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `${" ".repeat(i + 1)}k${i}:`).join("\n");
    const result = parse(`name: deep\ndescription: Use when deep.\nmetadata:\n${lines} v`);
    expect(result.diagnostics.map((found) => found.message).join()).not.toMatch(/call stack/i);
  });

  it("accepts ordinary nesting", () => {
    const result = parse("name: deep\ndescription: Use when deep.\nmetadata:\n  a:\n    b: [1, {c: [2]}]\n");
    expect(result.skill?.name).toBe("deep");
  });
});
