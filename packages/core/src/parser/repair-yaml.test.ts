import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import { repairYaml } from "./repair-yaml.js";

/** Repairs, then parses the result the way the parser does. */
const repaired = (yaml: string) => parse(repairYaml(yaml).text) as Record<string, unknown>;

describe("repairYaml", () => {
  it("quotes a plain value holding `: ` (the common real-world failure)", () => {
    const yaml = "name: x\ndescription: Use when: the user asks: 'a' or \"b\"\nlicense: MIT";
    const result = repairYaml(yaml);
    expect(result.repairs).toEqual([{ line: 2, key: "description", kind: "colon-in-value" }]);
    expect(repaired(yaml)).toEqual({
      name: "x",
      description: "Use when: the user asks: 'a' or \"b\"",
      license: "MIT",
    });
  });

  it("keeps a trailing comment as a comment and `#` inside words as text", () => {
    expect(repaired("description: Fix C#: crash # note")).toEqual({ description: "Fix C#: crash" });
  });

  it("quotes a value that continues on more-indented lines, keeping the line count", () => {
    const yaml = "description: Use when\n  the user asks: x\n\n  more\nname: y";
    const result = repairYaml(yaml);
    expect(result.text.split("\n")).toHaveLength(5);
    expect(parse(result.text)).toEqual({ description: "Use when the user asks: x\nmore", name: "y" });
  });

  it("repairs values starting with a reserved indicator, and aliases to no anchor", () => {
    expect(repaired("a: @scope/pkg\nb: `code`: x\nc: %done\nglobs: *.ts")).toEqual({
      a: "@scope/pkg",
      b: "`code`: x",
      c: "%done",
      globs: "*.ts",
    });
    // A real alias is left alone.
    expect(repairYaml("a: &x 1\nb: *x").repairs).toEqual([]);
  });

  it("joins a quoted value followed by more text", () => {
    expect(repaired('description: "Widgets. Triggers: a, b,"  dynamic ui, forms')).toEqual({
      description: "Widgets. Triggers: a, b,  dynamic ui, forms",
    });
    expect(repaired("description: 'It''s' and more")).toEqual({ description: "It's and more" });
  });

  it("reads `[a] [b]` as text and quotes flow items starting with `@`", () => {
    expect(repaired("argument-hint: [command or prompt] [name or details]")).toEqual({
      "argument-hint": "[command or prompt] [name or details]",
    });
    expect(repaired("dependencies: [react, @types/react, typescript]")).toEqual({
      dependencies: ["react", "@types/react", "typescript"],
    });
  });

  it("re-indents tab-indented lines", () => {
    expect(repaired("metadata:\n\tauthor: me\n\tversion: '1'")).toEqual({
      metadata: { author: "me", version: "1" },
    });
  });

  it("repairs nested keys but never the contents of block scalars", () => {
    const yaml = "metadata:\n  note: see: here\nbody: |\n  a: b: c\n";
    expect(repairYaml(yaml).repairs).toEqual([{ line: 2, key: "note", kind: "colon-in-value" }]);
    expect(repaired(yaml)).toEqual({ metadata: { note: "see: here" }, body: "a: b: c\n" });
  });

  it("leaves an unclosed bracket alone (not reasonably repairable)", () => {
    expect(repairYaml("description: [unclosed bracket").repairs).toEqual([]);
  });

  it("changes nothing in valid YAML", () => {
    const value = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.array(fc.string(), { maxLength: 3 }));
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), value, { maxKeys: 5 }), (mapping) => {
        const yaml = stringify(mapping);
        expect(repairYaml(yaml)).toEqual({ text: yaml, repairs: [] });
      }),
      { numRuns: 300 },
    );
  });
});
