import { describe, expect, it } from "vitest";
import { buildFrontmatter } from "./build-frontmatter.js";

const path = "/s/pdf/SKILL.md";
const build = (mapping: Record<string, unknown>, sources: Record<string, string> = {}) =>
  buildFrontmatter(
    { mapping, keyLines: { name: 2, description: 3 }, valueSource: (key) => sources[key] },
    path,
  );

describe("buildFrontmatter", () => {
  it("types every known field and keeps unknown keys in extra and the mapping in raw", () => {
    const mapping = {
      name: "pdf",
      description: "Fill forms.",
      license: "MIT",
      compatibility: "Node 20",
      metadata: { author: "me" },
      "allowed-tools": "Bash(git status:*) Read",
      "disallowed-tools": ["Write"],
      "argument-hint": "<file>",
      arguments: "file mode",
      "disable-model-invocation": true,
      "user-invocable": false,
      context: "fork",
      agent: "Explore",
      model: "opus",
      hooks: { Stop: [{ hooks: [{ type: "command", command: "echo" }] }] },
      paths: "src/**/*.ts, lib/**",
      alwaysApply: false,
      version: "1.2.0",
      risk: "safe",
      tags: ["a"],
    };
    const { frontmatter, diagnostics } = build(mapping);
    expect(diagnostics).toEqual([]);
    expect(frontmatter).toEqual({
      name: "pdf",
      description: "Fill forms.",
      license: "MIT",
      compatibility: "Node 20",
      metadata: { author: "me" },
      allowedTools: ["Bash(git status:*)", "Read"],
      disallowedTools: ["Write"],
      argumentHint: "<file>",
      arguments: ["file", "mode"],
      disableModelInvocation: true,
      userInvocable: false,
      context: "fork",
      agent: "Explore",
      model: "opus",
      hooks: mapping.hooks,
      globs: ["src/**/*.ts", "lib/**"],
      alwaysApply: false,
      version: "1.2.0",
      extra: { risk: "safe", tags: ["a"] },
      raw: mapping,
    });
  });

  it("reads values as written where YAML changed them, silently for the documented forms", () => {
    const { frontmatter, diagnostics } = build(
      { version: 1, "argument-hint": ["issue-number"] },
      { version: "1.0", "argument-hint": "[issue-number]" },
    );
    expect(frontmatter).toMatchObject({ version: "1.0", argumentHint: "[issue-number]" });
    expect(diagnostics).toEqual([]);
  });

  it("coerces the obvious mistakes with a field-type warning naming the field", () => {
    const { frontmatter, diagnostics } = build(
      {
        name: 123,
        description: ["Fills forms.", "Use when asked."],
        "user-invocable": "false",
        metadata: { n: 1, nested: { a: 1 }, empty: null, ok: "x" },
        "allowed-tools": ["Read", 7, { odd: true }],
        arguments: [{ name: "file" }, "mode"],
      },
      { name: "0123" },
    );
    expect(frontmatter).toMatchObject({
      name: "0123",
      description: "Fills forms. Use when asked.",
      userInvocable: false,
      metadata: { n: "1", nested: '{"a":1}', empty: "", ok: "x" },
      allowedTools: ["Read", "7"],
      arguments: ["file", "mode"],
    });
    expect(diagnostics.map((d) => [d.code, d.field])).toEqual([
      ["field-type", "name"],
      ["field-type", "description"],
      ["field-type", "metadata"],
      ["field-type", "allowed-tools"],
      ["field-type", "user-invocable"],
    ]);
    expect(diagnostics[0]).toMatchObject({ severity: "warning", line: 2, path });
    expect(diagnostics[0]?.message).toContain('name: "0123"');
  });

  it("drops what cannot be read, naming the field and the expected type", () => {
    const { frontmatter, diagnostics } = build({
      description: { text: "x" },
      compatibility: { requires: ["mcp"] },
      context: "webiny-api",
      hooks: ["x"],
      "disable-model-invocation": "sometimes",
      metadata: "author=me",
    });
    expect(frontmatter).toEqual({ extra: {}, raw: expect.any(Object) });
    const messages = diagnostics.map((d) => `${d.field}: ${d.message}`);
    expect(messages).toEqual([
      expect.stringContaining(
        "description: /s/pdf/SKILL.md: `description` must be a string but is a mapping",
      ),
      expect.stringContaining("compatibility: /s/pdf/SKILL.md: `compatibility` must be a string"),
      expect.stringContaining("metadata: /s/pdf/SKILL.md: `metadata` must be a mapping of keys to strings"),
      expect.stringContaining(
        "disable-model-invocation: /s/pdf/SKILL.md: `disable-model-invocation` must be true or false",
      ),
      expect.stringContaining("`context` must be `inline` or `fork`"),
      expect.stringContaining("`hooks` must be a mapping"),
    ]);
    expect(diagnostics.every((d) => d.code === "field-type" && d.severity === "warning")).toBe(true);
  });

  it("reads the user-invokable misspelling, with its own warning", () => {
    const alone = build({ "user-invokable": false });
    expect(alone.frontmatter.userInvocable).toBe(false);
    expect(alone.frontmatter.extra).toEqual({});
    expect(alone.diagnostics.map((d) => d.code)).toEqual(["user-invokable-misspelled"]);
    const both = build({ "user-invocable": true, "user-invokable": false });
    expect(both.frontmatter.userInvocable).toBe(true);
    expect(both.diagnostics[0]?.message).toContain("wins");
  });

  it("treats null values as absent", () => {
    const { frontmatter, diagnostics } = build({ description: null, metadata: null, hooks: null });
    expect(frontmatter).toEqual({ extra: {}, raw: { description: null, metadata: null, hooks: null } });
    expect(diagnostics).toEqual([]);
  });
});
