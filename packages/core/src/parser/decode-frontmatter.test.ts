import { describe, expect, it } from "vitest";
import { decodeFrontmatter } from "./decode-frontmatter.js";
import { splitFrontmatter } from "./split-frontmatter.js";

const bytes = (text: string) => new TextEncoder().encode(text);
const path = "/s/a/SKILL.md";

describe("decodeFrontmatter", () => {
  it.each([
    [
      "a plain file",
      "---\nname: a\ndescription: d\n---\n# Body\n\nText.\n",
      "---\nname: a\ndescription: d\n---\n",
    ],
    ["blank lines before the opening line", "\n\n---\nname: a\n---\nBody\n", "\n\n---\nname: a\n---\n"],
    ["CRLF and trailing spaces", "---\r\nname: a\r\n--- \t\r\nBody\r\n", "---\r\nname: a\r\n--- \t\r\n"],
    ["a byte-order mark", "\uFEFF---\nname: a\n---\nBody\n", "---\nname: a\n---\n"],
    [
      "`----` and `--- x` inside",
      "---\nname: a\n----\n--- x\n---\nBody\n",
      "---\nname: a\n----\n--- x\n---\n",
    ],
    ["an empty frontmatter", "---\n---\nBody\n", "---\n---\n"],
    [
      "non-ASCII text",
      "---\nname: é\ndescription: 帮助 🎉\n---\nCorps\n",
      "---\nname: é\ndescription: 帮助 🎉\n---\n",
    ],
  ])("decodes only the frontmatter of %s, split as the whole text splits", (_label, text, head) => {
    const decoded = decodeFrontmatter(bytes(text), path);
    expect(decoded?.text).toBe(head);
    const whole = splitFrontmatter(text.replace(/^\uFEFF/, ""));
    expect(decoded?.split).toEqual({ ...whole, body: "" });
  });

  it.each([
    ["no frontmatter", "# Title\n\nText.\n"],
    ["a rule but no frontmatter", "# Title\n\n---\n\nMore.\n"],
    ["a frontmatter closed at the end of the file", "---\nname: a\n---"],
    ["an opening line only", "---\nname: a\n"],
    ["a lost opening line", "name: a\ndescription: d\n---\nBody\n"],
  ])("leaves %s to the whole-text path", (_label, text) => {
    expect(decodeFrontmatter(bytes(text), path)).toBeUndefined();
  });

  it("leaves bad bytes anywhere in the file to the whole-text path, which reports them", () => {
    const head = bytes("---\nname: a\n---\n");
    const withTail = (tail: number[]) => new Uint8Array([...head, ...bytes("Body "), ...tail, 0x0a]);
    expect(decodeFrontmatter(withTail([0x00]), path)).toBeUndefined();
    expect(decodeFrontmatter(withTail([0xe9]), path)).toBeUndefined();
    expect(decodeFrontmatter(new Uint8Array([0xff, 0xfe, ...head]), path)).toBeUndefined();
  });
});
