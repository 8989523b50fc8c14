import { describe, expect, it } from "vitest";
import { makeEntry } from "../test/make-skill.js";
import { resolveMentions } from "./resolve-mentions.js";
import { scanMentions } from "./scan-mentions.js";
import { isInUrl } from "./url-token-end.js";

// A `$name` inside a URL token (scheme `://` … up to whitespace) is part of the URL, not a mention (SPEC §8).
const deploy = makeEntry({ skill: { name: "deploy" } });
const resolve = (text: string) => resolveMentions(text, [deploy], { source: "user" });

describe("mentions and URLs", () => {
  it.each([
    "Why does https://example.com/api/$deploy?x=1 return 404?",
    "open file:///tmp/$deploy/x please",
    "read https://x.io/docs#$deploy",
    "(https://x.io/$deploy)",
    "[docs](https://x.io/a/$deploy)",
    "svn+ssh://host/$deploy",
  ])("%j activates nothing and keeps its text", (text) => {
    expect(scanMentions(text)).toEqual([]);
    const turn = resolve(text);
    expect(turn.activations).toEqual([]);
    expect(turn.visibleLines).toEqual([]);
    expect(turn.task).toBe(text);
  });

  it.each([
    ["see https://x.io $deploy now", "see https://x.io now"],
    ["https://x.io/a\n$deploy now", "https://x.io/a\nnow"],
    ["$deploy https://x.io/$deploy", "https://x.io/$deploy"],
    ["://x/$deploy", "://x/"],
  ])("%j still activates the mention outside the URL", (text, task) => {
    const turn = resolve(text);
    expect(turn.visibleLines).toEqual(["Using skill: deploy"]);
    expect(turn.task).toBe(task);
  });

  it.each([
    "Why does https://example.com/api/$deploy?x=1 return 404?",
    "open file:///tmp/$deploy/x please",
    "(https://x.io/$deploy)",
    "[docs](https://x.io/a/$deploy)",
    "see https://x.io $deploy now",
    "https://x.io/a\n$deploy now",
    "$deploy https://x.io/$deploy",
    "://x/$deploy",
    "://a://x/$deploy",
    "a $b https://x.io/$c $d",
  ])("isInUrl agrees with the scanner on every $ of %j", (text) => {
    const starts = new Set(scanMentions(text).map((mention) => mention.start));
    for (let index = text.indexOf("$"); index !== -1; index = text.indexOf("$", index + 1)) {
      expect([index, isInUrl(text, index)]).toEqual([index, !starts.has(index)]);
    }
  });

  it("a skill:// reference is still read", () => {
    expect(scanMentions("skill://deploy and https://x.io").map((mention) => mention.id)).toEqual(["deploy"]);
    expect(scanMentions("https://x.io skill://deploy/a.md").map((mention) => mention.id)).toEqual(["deploy"]);
  });
});
