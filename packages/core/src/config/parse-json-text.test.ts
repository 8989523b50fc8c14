import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findJsonSyntaxError, parseJsonText } from "./parse-json-text.js";

describe("parseJsonText", () => {
  it("parses valid JSON, with or without a BOM", () => {
    expect(parseJsonText('{"a": [1, true, null, "x"]}')).toEqual({
      ok: true,
      value: { a: [1, true, null, "x"] },
    });
    expect(parseJsonText('\uFEFF{"a": 1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it.each([
    ['{"a": }', 1, 7, "expected a value but found '}'"],
    ['{\n  "a": 1,\n}', 2, 9, "trailing comma before '}'"],
    ['{\n  "a": 1\n  "b": 2\n}', 3, 3, "expected ',' or '}' but found '\"'"],
    ['{"a": [1, 2', 1, 12, "expected ',' or ']' but found the end of the file"],
    ["", 1, 1, "expected a value but found the end of the file"],
    ['{"a": 1 // note\n}', 1, 9, "comments are not allowed in JSON"],
    ["{'a': 1}", 1, 2, "expected a double-quoted key but found '''"],
    ['{"a": "line\nbreak"}', 1, 12, "unescaped control character (e.g. a line break) in a string"],
    ['{"a": 1} x', 1, 10, "unexpected 'x' after the end of the JSON value"],
  ])("reports %j at line %i, column %i", (text, line, column, reason) => {
    expect(parseJsonText(text)).toEqual({ ok: false, error: { line, column, reason } });
  });

  it("agrees with JSON.parse on which texts are valid", () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        expect(findJsonSyntaxError(text)).toBeUndefined();
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(findJsonSyntaxError(text) === undefined).toBe(valid);
      }),
    );
  });

  it("finds an error at a position inside the text for damaged JSON", () => {
    fc.assert(
      fc.property(fc.json(), fc.nat(), (text, cut) => {
        const damaged = text.slice(0, cut % Math.max(text.length, 1));
        const result = parseJsonText(damaged);
        if (result.ok) return;
        expect(result.error.line).toBeGreaterThanOrEqual(1);
        expect(result.error.line).toBeLessThanOrEqual(damaged.split("\n").length);
      }),
    );
  });
});
