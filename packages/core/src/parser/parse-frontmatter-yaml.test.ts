import { describe, expect, it } from "vitest";
import { cpuMillis } from "../test/cpu-time.js";
import { parseFrontmatterYaml } from "./parse-frontmatter-yaml.js";

const path = "/skills/x/SKILL.md";

describe("parseFrontmatterYaml", () => {
  it("reads a mapping with file lines per key and values as written", () => {
    const result = parseFrontmatterYaml("name: x\n\nversion: 1.0\nargument-hint: [issue]\n", {
      path,
      line: 2,
    });
    expect(result.mapping).toEqual({ name: "x", version: 1, "argument-hint": ["issue"] });
    expect(result.keyLines).toEqual({ name: 2, version: 4, "argument-hint": 5 });
    expect(result.valueSource("version")).toBe("1.0");
    expect(result.valueSource("argument-hint")).toBe("[issue]");
    expect(result.diagnostics).toEqual([]);
  });

  it("reads YAML beyond the fast subset (anchors) the same way", () => {
    const result = parseFrontmatterYaml("a: &v 1.50\nb: *v\nname: x", { path, line: 2 });
    expect(result.mapping).toEqual({ a: 1.5, b: 1.5, name: "x" });
    expect(result.keyLines).toEqual({ a: 2, b: 3, name: 4 });
    expect(result.valueSource("a")).toBe("1.50");
  });

  it("accepts CRLF line breaks", () => {
    expect(parseFrontmatterYaml("name: x\r\ndescription: y\r\n", { path }).mapping).toEqual({
      name: "x",
      description: "y",
    });
  });

  it("treats an empty frontmatter as an empty mapping", () => {
    expect(parseFrontmatterYaml("", { path }).mapping).toEqual({});
    expect(parseFrontmatterYaml("# only a comment\n", { path }).mapping).toEqual({});
  });

  it("repairs `: ` in a value in lenient mode, with a warning on the right file line", () => {
    const result = parseFrontmatterYaml("name: x\ndescription: Use when: asked", { path, line: 5 });
    expect(result.mapping).toEqual({ name: "x", description: "Use when: asked" });
    expect(result.repairs).toHaveLength(1);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        code: "yaml-repaired",
        line: 6,
        field: "description",
        path,
      }),
    ]);
    expect(result.diagnostics[0]?.message).toContain('description: "…"');
  });

  it("reports the same YAML as an error with line and column in strict mode", () => {
    const result = parseFrontmatterYaml("name: x\ndescription: Use when: asked", {
      path,
      line: 5,
      mode: "strict",
    });
    expect(result.mapping).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ severity: "error", code: "yaml-invalid", line: 6, column: 14 }),
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^\/skills\/x\/SKILL\.md:6:14: invalid YAML/);
  });

  it("accepts duplicate keys in lenient mode (last wins) and refuses them in strict mode", () => {
    const lenient = parseFrontmatterYaml("name: a\nversion: '1'\nname: b", { path, line: 2 });
    expect(lenient.mapping).toEqual({ name: "b", version: "1" });
    expect(lenient.diagnostics).toEqual([
      expect.objectContaining({ code: "yaml-duplicate-key", severity: "warning", field: "name", line: 4 }),
    ]);
    const strict = parseFrontmatterYaml("name: a\nname: b", { path, mode: "strict" });
    expect(strict.diagnostics).toEqual([
      expect.objectContaining({ code: "yaml-invalid", severity: "error", field: "name" }),
    ]);
    // Named with its fix, not the advice for unquoted colons.
    expect(strict.diagnostics[0]?.message).toContain(
      "repeats `name` in one mapping, and a key may appear once. Remove the duplicate line.",
    );
  });

  it("reports YAML it cannot repair", () => {
    const result = parseFrontmatterYaml("name: x\ndescription: [unclosed bracket", { path, line: 2 });
    expect(result.mapping).toBeUndefined();
    expect(result.diagnostics).toEqual([expect.objectContaining({ code: "yaml-invalid", line: 3 })]);
  });

  it("refuses a frontmatter that is not a mapping", () => {
    for (const yaml of ["just text", "- a\n- b"]) {
      const result = parseFrontmatterYaml(yaml, { path });
      expect(result.mapping).toBeUndefined();
      expect(result.diagnostics).toEqual([expect.objectContaining({ code: "frontmatter-not-mapping" })]);
    }
  });

  it("refuses a billion-laughs alias bomb quickly, with a clear error", () => {
    const levels = ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"];
    for (let i = 1; i < 10; i++) {
      const previous = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${previous}`).join(", ")}]`);
    }
    const used = cpuMillis(() => {
      for (const mode of ["lenient", "strict"] as const) {
        const result = parseFrontmatterYaml(levels.join("\n"), { path, mode });
        expect(result.mapping).toBeUndefined();
        expect(result.diagnostics).toEqual([
          expect.objectContaining({ severity: "error", code: "yaml-alias-limit" }),
        ]);
        expect(result.diagnostics[0]?.message).toContain("aliases");
      }
    });
    expect(used).toBeLessThan(1000);
  });
});
