import { describe, expect, it } from "vitest";
import { createNameIndex, editDistanceWithin, suggestNames } from "./suggest-names.js";

const names = [
  "systematic-debugging",
  "root-cause-debugging",
  "test-driven-development",
  "pdf",
  "pdf-tables",
  "Deploy",
];
const suggest = (query: string) => suggestNames(query, names, (name) => [name]);

describe("suggestNames", () => {
  it("finds prefixes before other substrings", () => {
    expect(suggest("systematic-debug")).toEqual(["systematic-debugging"]);
    expect(suggest("debugging")).toEqual(["systematic-debugging", "root-cause-debugging"]);
    expect(suggest("pdf-")).toEqual(["pdf-tables"]);
  });

  it("ranks a case-insensitive equal name first", () => {
    expect(suggest("PDF")).toEqual(["pdf", "pdf-tables"]);
    expect(suggest("deploy")).toEqual(["Deploy"]);
  });

  it("matches hyphen initials", () => {
    expect(suggest("tdd")).toEqual(["test-driven-development"]);
  });

  it("falls back to a small edit distance only when nothing else matched", () => {
    expect(suggest("systematic-debuging")).toEqual(["systematic-debugging"]);
    expect(suggest("pfd")).toEqual(["pdf"]);
    expect(suggest("dpeloy")).toEqual(["Deploy"]);
    expect(suggest("zzz")).toEqual([]);
  });

  it("does not match very short queries as substrings", () => {
    expect(suggest("de")).toEqual([]);
  });

  it("compares every name an item has and returns each item once", () => {
    const items = [{ names: ["pdf", "docs:pdf"] }, { names: ["excel"] }];
    expect(suggestNames("docs:p", items, (item) => item.names)).toEqual([items[0]]);
    expect(suggestNames("pdf", items, (item) => item.names)).toEqual([items[0]]);
  });

  it("an index answers repeated queries the same way", () => {
    const index = createNameIndex(names, (name) => [name]);
    expect(index.suggest("tdd")).toEqual(suggest("tdd"));
    expect(index.suggest("pfd")).toEqual(suggest("pfd"));
  });
});

describe("editDistanceWithin", () => {
  it.each([
    ["kitten", "sitting", 5, 3],
    ["pdf", "pfd", 2, 1],
    ["abc", "abc", 1, 0],
    ["", "ab", 2, 2],
    ["abcdef", "ab", 2, 3],
    ["flaw", "lawn", 2, 2],
  ])("%s → %s within %i is %i", (a, b, limit, distance) => {
    expect(editDistanceWithin(a, b, limit)).toBe(distance);
  });
});

describe("suggestNames for mistyped configuration keys", () => {
  const keys = ["providers", "disabledSources", "scopeOrder", "limits", "include", "ignore"];
  const closest = (input: string) => suggestNames(input, keys, (key) => [key])[0];

  it.each([
    ["provders", "providers"],
    ["Providers", "providers"],
    ["scopeorder", "scopeOrder"],
    ["limtis", "limits"],
    ["disabledSource", "disabledSources"],
  ])("suggests %s → %s", (input, expected) => {
    expect(closest(input)).toBe(expected);
  });

  it("suggests nothing when no name is close", () => {
    expect(closest("colour")).toBeUndefined();
    expect(suggestNames("x", [] as string[], (key) => [key])).toEqual([]);
  });
});
