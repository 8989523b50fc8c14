import { describe, expect, it } from "vitest";
import { versioned, writeJson } from "./write-json.js";

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

  it("prints exactly what JSON.stringify prints, in chunks", () => {
    const pieces = written(document);
    expect(pieces.join("")).toBe(`${JSON.stringify(versioned(document), null, 2)}\n`);
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
});
