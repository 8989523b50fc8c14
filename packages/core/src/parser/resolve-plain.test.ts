import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { type CollectionTag, isScalar, type ScalarTag, Schema } from "yaml";
import { readSimpleYaml, resolvePlain } from "./read-simple-yaml.js";

// The fast reader must resolve plain scalars without the `yaml` package (its modules cost every start-up
// that meets a `version: 1.0`): any call to it fails these tests.
vi.mock("./yaml-package.js", () => ({
  yamlPackage: () => {
    throw new Error("the yaml package was loaded");
  },
}));

/** Equal as YAML values: NaN equals NaN, and -0 is not 0. */
function same(a: unknown, b: unknown): boolean {
  return Object.is(a, b);
}

/** What the `yaml` package's core schema makes of a plain scalar: its first default tag that matches. */
const coreTags = (new Schema({ schema: "core" }).tags as Array<ScalarTag | CollectionTag>).filter(
  (tag): tag is ScalarTag => tag.default === true && !("collection" in tag && tag.collection) && !!tag.test,
);
function yamlResolves(text: string): unknown {
  for (const tag of coreTags) {
    if (tag.test?.test(text)) {
      const resolved: unknown = tag.resolve(text, () => {}, { intAsBigInt: false } as never);
      return isScalar(resolved) ? resolved.value : resolved;
    }
  }
  return text;
}

describe("resolvePlain", () => {
  it("resolves null, booleans and numbers as the yaml package's core schema does", () => {
    for (const text of [
      "",
      "~",
      "null",
      "Null",
      "NULL",
      "nULL",
      "true",
      "False",
      "TRUE",
      "tRUE",
      "0",
      "-0",
      "+12",
      "007",
      "0o17",
      "0o8",
      "0x1F",
      "0X1F",
      "-0x1",
      "1.0",
      "1.",
      ".5",
      "-.5",
      "1e3",
      "1.5E-2",
      ".inf",
      "-.Inf",
      "+.INF",
      ".nan",
      ".NaN",
      "+.nan",
      "1.0.0",
      "1_000",
      "12:30",
      "9007199254740993",
      "-",
      "+",
      ".",
    ]) {
      expect(same(resolvePlain(text), yamlResolves(text)), text).toBe(true);
    }
  });

  it("agrees with the yaml package on generated number-like scalars", () => {
    const piece = fc.constantFrom(
      "0",
      "1",
      "7",
      "9",
      ".",
      "-",
      "+",
      "e",
      "E",
      "x",
      "o",
      "a",
      "F",
      "inf",
      "nan",
      "_",
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const text = pieces.join("");
        expect(same(resolvePlain(text), yamlResolves(text)), text).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a frontmatter of numbers, nulls and booleans without the yaml package", () => {
    const read = readSimpleYaml(
      "name: a\nversion: 1.0\ncount: 0x10\nnone: ~\nflag: true\ntags:\n  - 3\n  - .5\n",
    );
    expect(read?.mapping).toEqual({
      name: "a",
      version: 1,
      count: 16,
      none: null,
      flag: true,
      tags: [3, 0.5],
    });
  });
});
