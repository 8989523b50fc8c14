import { describe, expect, it } from "vitest";
import { splitFrontmatter, splitUnopenedFrontmatter } from "./split-frontmatter.js";

describe("splitFrontmatter", () => {
  it("splits frontmatter and body with 1-based lines", () => {
    const split = splitFrontmatter("---\nname: a\ndescription: b\n---\n# Title\nBody\n");
    expect(split).toEqual({
      kind: "frontmatter",
      yaml: "name: a\ndescription: b",
      body: "# Title\nBody\n",
      openLine: 1,
      yamlLine: 2,
      closeLine: 4,
      bodyLine: 5,
    });
  });

  it("skips a BOM", () => {
    const split = splitFrontmatter("\uFEFF---\nname: a\n---\nBody");
    expect(split).toMatchObject({ kind: "frontmatter", yaml: "name: a", body: "Body", bodyLine: 4 });
  });

  it("accepts CRLF and keeps the YAML's CRs for the YAML reader", () => {
    const split = splitFrontmatter("---\r\nname: a\r\nx: y\r\n---\r\nBody\r\n");
    expect(split).toMatchObject({
      kind: "frontmatter",
      yaml: "name: a\r\nx: y",
      body: "Body\r\n",
      bodyLine: 5,
    });
  });

  it("allows trailing spaces and tabs on both delimiter lines", () => {
    const split = splitFrontmatter("---  \t\nname: a\n--- \t \nBody");
    expect(split).toMatchObject({ kind: "frontmatter", yaml: "name: a", body: "Body" });
  });

  it("tolerates blank lines before the opening delimiter", () => {
    const split = splitFrontmatter("\n  \n\t\n---\nname: a\n---\nBody");
    expect(split).toMatchObject({ kind: "frontmatter", openLine: 4, yamlLine: 5, bodyLine: 7, body: "Body" });
  });

  it("treats a---b, ----, and --- with text as text, not delimiters", () => {
    const split = splitFrontmatter("---\ndescription: a---b\n----\n--- x\nkey: v\n---\nBody");
    expect(split).toMatchObject({
      kind: "frontmatter",
      yaml: "description: a---b\n----\n--- x\nkey: v",
      closeLine: 6,
      body: "Body",
    });
    expect(splitFrontmatter("----\nname: a\n----\n").kind).toBe("none");
  });

  it("reports an unterminated frontmatter with the opening line", () => {
    expect(splitFrontmatter("\n---\nname: a\nBody")).toEqual({
      kind: "unterminated",
      openLine: 2,
      yamlLine: 3,
    });
    expect(splitFrontmatter("---")).toEqual({ kind: "unterminated", openLine: 1, yamlLine: 2 });
    expect(splitFrontmatter("---\n")).toEqual({ kind: "unterminated", openLine: 1, yamlLine: 2 });
  });

  it("returns the whole text as body when there is no frontmatter", () => {
    expect(splitFrontmatter("# Title\n---\nname: a\n---\n")).toEqual({
      kind: "none",
      body: "# Title\n---\nname: a\n---\n",
      bodyLine: 1,
    });
    expect(splitFrontmatter("")).toEqual({ kind: "none", body: "", bodyLine: 1 });
    expect(splitFrontmatter("\n\n")).toEqual({ kind: "none", body: "\n\n", bodyLine: 1 });
  });

  it("splits an empty frontmatter and a file that ends at the closing line", () => {
    expect(splitFrontmatter("---\n---")).toMatchObject({
      kind: "frontmatter",
      yaml: "",
      body: "",
      bodyLine: 3,
    });
    expect(splitFrontmatter("---\r\n---\r\n")).toMatchObject({ kind: "frontmatter", yaml: "", body: "" });
  });

  it("refuses a frontmatter over the byte limit without scanning the rest", () => {
    const big = `---\n${"a: b\n".repeat(20)}---\nBody`;
    expect(splitFrontmatter(big, { maxBytes: 50 })).toEqual({ kind: "too-large", openLine: 1, yamlLine: 2 });
    // Counted in UTF-8 bytes: 20 three-byte characters are 60 bytes.
    expect(splitFrontmatter(`---\nk: ${"€".repeat(20)}\n---\n`, { maxBytes: 50 }).kind).toBe("too-large");
    expect(splitFrontmatter(`---\nk: ${"e".repeat(20)}\n---\n`, { maxBytes: 50 }).kind).toBe("frontmatter");
  });

  it("asks for more text when a partial read ends inside the frontmatter", () => {
    expect(splitFrontmatter("---\nname: a\ndescr", { partial: true })).toEqual({ kind: "truncated" });
    expect(splitFrontmatter("---\nname: a\n---\nBo", { partial: true }).kind).toBe("frontmatter");
  });
});

describe("splitUnopenedFrontmatter", () => {
  it("finds frontmatter that lost its opening line", () => {
    expect(splitUnopenedFrontmatter("name: a\ndescription: b\n\n---\n\n# T\n")).toMatchObject({
      kind: "frontmatter",
      yaml: "name: a\ndescription: b\n",
      openLine: 0,
      yamlLine: 1,
      closeLine: 4,
      bodyLine: 5,
    });
  });

  it("ignores text that does not start with name: or description:", () => {
    expect(splitUnopenedFrontmatter("# T\n---\n")).toBeUndefined();
    expect(splitUnopenedFrontmatter("name: a\nno closing line\n")).toBeUndefined();
    expect(splitUnopenedFrontmatter("")).toBeUndefined();
  });
});
