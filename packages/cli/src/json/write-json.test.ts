import { describe, expect, it } from "vitest";
import { escapeJsonControls, versioned, writeJson } from "./write-json.js";

function written(document: object, options?: { line?: boolean }) {
  const pieces: string[] = [];
  writeJson({ write: (text) => void pieces.push(text) }, document, options);
  return pieces;
}

describe("writeJson", () => {
  const document = {
    skills: Array.from({ length: 3000 }, (_, i) => ({
      name: `skill-${i}`,
      description: 'Line one\nline two \u2028 \u00e9 "quoted"',
      tags: i % 2 ? [] : ["a", { nested: [1, 2, { deep: null }] }],
      missing: undefined,
      empty: {},
    })),
    none: [],
    gone: undefined,
    holes: [undefined, () => 1, 0],
    // Not a multiple of the batch written at once, with holes in several batches.
    odd: Array.from({ length: 21 }, (_, i) => (i % 3 === 0 ? undefined : i % 3 === 1 ? () => i : { i })),
    summary: { count: 3000, ok: true, nothing: {} },
    text: "plain",
  };

  it("prints exactly what JSON.stringify prints (U+2028 escaped), in chunks", () => {
    const pieces = written(document);
    expect(pieces.join("")).toBe(
      `${JSON.stringify(versioned(document), null, 2).replaceAll("\u2028", "\\u2028")}\n`,
    );
    expect(pieces.length).toBeGreaterThan(1);
  });

  it("prints an almost empty document like JSON.stringify", () => {
    expect(written({}).join("")).toBe(`${JSON.stringify(versioned({}), null, 2)}\n`);
    expect(written({ a: [], b: {} }).join("")).toBe(
      `${JSON.stringify(versioned({ a: [], b: {} }), null, 2)}\n`,
    );
  });

  it("prints one line with `line`", () => {
    expect(written({ a: [1, { b: 2 }] }, { line: true })).toEqual([
      `${JSON.stringify(versioned({ a: [1, { b: 2 }] }))}\n`,
    ]);
  });

  // Every character JSON.stringify leaves raw that a terminal acts on (SPEC §15): DEL, C1, bidi, U+2028/2029.
  const controls = [
    0x7f,
    ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
    0x61c,
    0x200e,
    0x200f,
    0x2028,
    0x2029,
    0x202a,
    0x202b,
    0x202c,
    0x202d,
    0x202e,
    0x2066,
    0x2067,
    0x2068,
    0x2069,
  ].map((code) => String.fromCharCode(code));
  const rawControl = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

  it("writes DEL, C1, bidi controls and U+2028/U+2029 as \\uXXXX: the same value parsed, no raw character", () => {
    const all = controls.join("");
    const hostile = {
      [`key${all}`]: `value ${all} \\${controls[5]} "${controls[12]}"`,
      skills: Array.from({ length: 40 }, (_, i) => ({ name: `s${i}${controls[i % controls.length]}`, all })),
      nested: { deep: [all, { [all]: all }] },
    };
    for (const options of [{}, { line: true }]) {
      const text = written(hostile, options).join("");
      expect(text).not.toMatch(rawControl);
      expect(JSON.parse(text)).toEqual(versioned(hostile));
      for (const character of controls)
        expect(text).toContain(`\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`);
    }
  });

  it("leaves other text as JSON.stringify writes it, and returns text without controls unchanged", () => {
    const text = JSON.stringify({ a: "é ü 漢字 😀 \u200b \u00a0 \u00a9 \u2030", b: "\\u202e written out" });
    expect(escapeJsonControls(text)).toBe(text);
    expect(escapeJsonControls('"a\u009bb"')).toBe('"a\\u009bb"');
  });

  it("escapes DEL in text that is otherwise all ASCII (the fast path for ASCII text still looks for it)", () => {
    expect(escapeJsonControls('{"a":"x\u007fy"}')).toBe('{"a":"x\\u007fy"}');
    expect(escapeJsonControls('{"a":"plain ascii"}')).toBe('{"a":"plain ascii"}');
  });
});
