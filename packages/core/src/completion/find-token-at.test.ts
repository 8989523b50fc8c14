import { describe, expect, it } from "vitest";
import { findTokenAt } from "./find-token-at.js";

/** The token at the `|` in `marked` (the bar is removed). */
function at(marked: string) {
  const cursor = marked.indexOf("|");
  return findTokenAt(marked.replace("|", ""), cursor);
}

describe("findTokenAt", () => {
  it("finds every token form", () => {
    expect(at("fix it with $sys|")).toEqual({
      form: "dollar",
      start: 12,
      end: 16,
      query: "sys",
      prefix: "$",
    });
    expect(at("$github:fi|")).toMatchObject({ form: "dollar", start: 0, end: 10, query: "github:fi" });
    expect(at("see [$pd|")).toEqual({ form: "linked", start: 4, end: 8, query: "pd", prefix: "[$" });
    expect(at("/deb| the thing")).toEqual({ form: "slash", start: 0, end: 4, query: "deb", prefix: "/" });
    expect(at("  /skill:deb|")).toEqual({
      form: "slash",
      start: 2,
      end: 12,
      query: "deb",
      prefix: "/skill:",
    });
    expect(at("read skill://pd|")).toEqual({
      form: "uri",
      start: 5,
      end: 15,
      query: "pd",
      prefix: "skill://",
    });
  });

  it("offers completions for a bare sigil", () => {
    expect(at("$|")).toMatchObject({ form: "dollar", start: 0, end: 1, query: "" });
    expect(at("then $|")).toMatchObject({ form: "dollar", start: 5, query: "" });
    expect(at("/|")).toMatchObject({ form: "slash", start: 0, query: "" });
  });

  it("replaces the whole word when the cursor is in the middle of it", () => {
    expect(at("use $sys|tematic-debugging now")).toMatchObject({ start: 4, end: 25, query: "sys" });
    expect(at("[$pd|f](/old/SKILL.md) and")).toMatchObject({
      form: "linked",
      start: 0,
      end: 21,
      query: "pd",
    });
  });

  it("sees no token in code, shell variables or mid-word sigils", () => {
    expect(at("run `echo $sy|`")).toBeUndefined();
    expect(at("```sh\necho $sy|\n```")).toBeUndefined();
    expect(at("```\nunterminated $sy|")).toBeUndefined();
    expect(at("```sh\nx\n```\nnow $sy|")).toMatchObject({ form: "dollar" });
    expect(at("- ```\n  $sy|\n  ```")).toBeUndefined(); // a fence in a list item, as the scanner sees it
    expect(at("1. ```\n   x\n   ```\n$sy|")).toMatchObject({ form: "dollar" });
    expect(at("echo $PA|")).toBeUndefined();
    expect(at("echo $API_K|")).toBeUndefined();
    expect(at("US$sy|")).toBeUndefined();
    expect(at("\\$sy|")).toBeUndefined();
    expect(at("$$sy|")).toBeUndefined();
    expect(at("$1|")).toBeUndefined();
    expect(at("say /deb|")).toBeUndefined();
    expect(at("/usr/bi|")).toBeUndefined();
    expect(at("myskill://pd|")).toBeUndefined();
    expect(at("plain words|")).toBeUndefined();
  });

  it("sees no token for a $ inside a URL, as the scanner sees no mention there", () => {
    expect(at("https://x.io/api/$dep|")).toBeUndefined();
    expect(at("why does https://x.io/api/$dep|?x=1 fail")).toBeUndefined();
    expect(at("open file:///tmp/$de|")).toBeUndefined();
    expect(at("[docs](https://x.io/a/$dep|)")).toBeUndefined();
    expect(at("[docs](https://x.io/a/[$dep|")).toBeUndefined();
    // Outside the URL token, and skill:// itself, still complete.
    expect(at("see https://x.io/api $dep|")).toMatchObject({ form: "dollar", query: "dep" });
    expect(at("https://x.io/a\n$dep|")).toMatchObject({ form: "dollar", query: "dep" });
    expect(at("://x/$dep|")).toMatchObject({ form: "dollar", query: "dep" });
    expect(at("read skill://pd|")).toMatchObject({ form: "uri", query: "pd" });
  });

  it("reads Unicode names", () => {
    expect(at("$résu|")).toMatchObject({ query: "résu", end: 5 });
    expect(at("$数据|-分析")).toMatchObject({ query: "数据", end: 6 });
    expect(at("$𝒜b|")).toMatchObject({ query: "𝒜b", start: 0, end: 4 });
  });

  it("never throws on bad input", () => {
    expect(findTokenAt("$abc", -1)).toBeUndefined();
    expect(findTokenAt("$abc", 5)).toBeUndefined();
    expect(findTokenAt("$abc", Number.NaN)).toBeUndefined();
    expect(findTokenAt("$abc", 1.5)).toBeUndefined();
    expect(findTokenAt("", 0)).toBeUndefined();
    const long = `${"a".repeat(100_000)}`;
    expect(findTokenAt(`$${long}`, 50_000)).toBeUndefined();
    const prose = `${"word ".repeat(20_000)}$de`;
    expect(findTokenAt(prose, prose.length)).toMatchObject({ query: "de" });
  });
});
