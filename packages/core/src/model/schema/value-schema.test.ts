import { describe, expect, expectTypeOf, it } from "vitest";
import * as s from "./index.js";

const rule = s.object({
  action: s.oneOf(["allow", "deny"]).describe("What to do"),
  tool: s.optional(s.oneOf(["skill_load", "*"])),
  skill: s.string({ minLength: 1 }),
});

describe("check", () => {
  it("returns the value when it fits", () => {
    expect(rule.check({ action: "deny", skill: "pdf" })).toEqual({
      ok: true,
      value: { action: "deny", skill: "pdf" },
    });
  });

  it("reports every problem with its path, what was expected and what was found", () => {
    expect(rule.check({ action: "block", skill: "", extra: 1 })).toEqual({
      ok: false,
      issues: [
        { kind: "invalid", path: ["action"], expected: 'one of "allow", "deny"', value: "block" },
        { kind: "invalid", path: ["skill"], expected: "a non-empty string", value: "" },
        { kind: "unexpected-key", path: [], key: "extra", allowed: ["action", "tool", "skill"] },
      ],
    });
  });

  it("reports a missing required key as nothing found", () => {
    expect(rule.check({ action: "allow" })).toMatchObject({
      ok: false,
      issues: [{ path: ["skill"], value: undefined }],
    });
  });

  it.each([
    [s.integer({ min: 0 }), [0, 7], [-1, 1.5, "3", Number.NaN, 2 ** 60], "a whole number ≥ 0"],
    [s.number({ min: 0, max: 100 }), [0, 2.5, 100], [-0.1, 101, Infinity, "1"], "a number from 0 to 100"],
    [s.integer({ max: 3 }), [-9, 3], [4], "a whole number ≤ 3"],
    [s.boolean(), [true, false], [0, "true", null], "true or false"],
    [s.string(), ["", "x"], [1, null, undefined], "a string"],
    [s.literal(1), [1], [2, "1"], "1"],
    [s.array(s.string()), [[], ["a"]], ["a", [1], {}], "a list of strings"],
    [s.array(s.integer()), [[1]], [["1"]], "a list whose items are each a whole number"],
    [
      s.record(s.boolean()),
      [{}, { a: true }],
      [[], { a: 1 }, null],
      "an object whose values are each true or false",
    ],
    [s.union([s.string(), s.array(s.string())]), ["a", ["a"]], [1, [1]], "a string or a list of strings"],
  ] as const)("%#: accepts, refuses and names what it expects", (schema, good, bad, expected) => {
    for (const value of good) expect(schema.check(value).ok, JSON.stringify(value)).toBe(true);
    for (const value of bad) expect(schema.check(value).ok, String(value)).toBe(false);
    expect(schema.expected).toBe(expected);
  });

  it("fills in defaults (a fresh copy each time) and leaves optional keys out", () => {
    const state = s.object({
      version: s.withDefault(s.literal(1), 1),
      list: s.withDefault(s.array(s.string()), []),
      note: s.optional(s.string()),
    });
    const first = state.check({});
    expect(first).toEqual({ ok: true, value: { version: 1, list: [] } });
    if (first.ok) first.value.list.push("changed");
    expect(state.check({ note: undefined })).toEqual({ ok: true, value: { version: 1, list: [] } });
  });

  it("drops unknown keys of a loose object instead of reporting them", () => {
    const input = s.object({ query: s.string() }, { unknownKeys: "drop" });
    expect(input.check({ query: "x", colour: "red" })).toEqual({ ok: true, value: { query: "x" } });
  });

  it("keeps a `__proto__` key as data", () => {
    const value = JSON.parse('{"__proto__": true}');
    const checked = s.record(s.boolean()).check(value);
    expect(checked.ok && Object.keys(checked.value)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("makes every key optional with partial, and an extended shape with a spread", () => {
    const layer = s.partial(s.object({ ...rule.shape, note: s.string() }));
    expect(layer.check({})).toEqual({ ok: true, value: {} });
    expect(layer.check({ note: 1 }).ok).toBe(false);
  });
});

describe("types", () => {
  it("infers the value type from the schema", () => {
    expectTypeOf<s.Infer<typeof rule>>().toEqualTypeOf<{
      action: "allow" | "deny";
      skill: string;
      tool?: "skill_load" | "*" | undefined;
    }>();
    const withDefaults = s.object({ list: s.withDefault(s.array(s.string()), []) });
    expectTypeOf<s.Infer<typeof withDefaults>>().toEqualTypeOf<{ list: string[] }>();
  });
});

describe("toJsonSchema", () => {
  it("writes the JSON Schema keywords, descriptions included", () => {
    expect(rule.toJsonSchema()).toEqual({
      type: "object",
      properties: {
        action: { type: "string", enum: ["allow", "deny"], description: "What to do" },
        tool: { type: "string", enum: ["skill_load", "*"] },
        skill: { type: "string", minLength: 1 },
      },
      required: ["action", "skill"],
      additionalProperties: false,
    });
    expect(s.withDefault(s.literal(1), 1).describe("Version").toJsonSchema()).toEqual({
      default: 1,
      type: "number",
      const: 1,
      description: "Version",
    });
  });

  it("keeps a description when a key is made optional, and lets the outer one win", () => {
    expect(s.optional(s.string().describe("inner")).toJsonSchema()).toEqual({
      type: "string",
      description: "inner",
    });
    expect(s.optional(s.string().describe("inner")).describe("outer").toJsonSchema()).toMatchObject({
      description: "outer",
    });
  });
});

describe("describeSchemaIssue", () => {
  it("names the key, what is expected and what was found", () => {
    const checked = s.object({ list: s.array(s.string({ minLength: 1 })) }).check({ list: ["a", ""], x: 1 });
    expect(checked.ok ? [] : checked.issues.map((issue) => s.describeSchemaIssue(issue))).toEqual([
      `'list[1]' must be a non-empty string (got "")`,
      "unexpected key 'x' (allowed: list)",
    ]);
    const top = s.string().check(3);
    expect(top.ok ? "" : s.describeSchemaIssue(top.issues[0] as s.SchemaIssue, "the input")).toBe(
      "the input must be a string (got 3)",
    );
  });
});
