import { describe, expect, it } from "vitest";
import { cpuMillis } from "../test/cpu-time.js";
import { findReferences } from "./find-references.js";

const targets = (markdown: string) =>
  findReferences(markdown).map((r) => `${r.kind}:${r.target}@${r.line}:${r.column}`);

describe("findReferences", () => {
  it("finds relative markdown links, images and link definitions", () => {
    const markdown = [
      "See [forms](references/forms.md#fields) and ![chart](assets/chart%20one.png).",
      '[api]: ./references/api.md "API"',
      "Web: [site](https://example.com), [top](#top), [abs](/etc/passwd), [mail](mailto:a@b.c)",
    ].join("\n");
    expect(targets(markdown)).toEqual([
      "link:references/forms.md@1:13",
      "link:assets/chart one.png@1:54",
      "link:./references/api.md@2:8",
    ]);
  });

  it("finds file paths in inline code, also inside commands", () => {
    const markdown =
      "Run `python scripts/fill.py input.pdf` then read `references/api.md`. Not `npm test` or `a/b`.";
    expect(targets(markdown)).toEqual(["code:scripts/fill.py@1:13", "code:references/api.md@1:51"]);
  });

  it("skips fenced code blocks and links inside code spans", () => {
    const markdown = [
      "```bash",
      "cat [x](missing.md) `scripts/a.py`",
      "```",
      "`[x](inside-code.md)`",
      "[y](after.md)",
    ].join("\n");
    expect(targets(markdown)).toEqual(["link:after.md@5:5"]);
  });

  it("numbers lines from the given first line", () => {
    expect(findReferences("\n[a](a.md)", 10)[0]?.line).toBe(11);
  });

  it("ignores templates and placeholders", () => {
    const skillDir = "$" + "{SKILL_DIR}";
    expect(targets(`[x](${skillDir}/a.md) [y](<name>.md) \`scripts/*.py\``)).toEqual([]);
  });
});

describe("findReferences on hostile lines", () => {
  /** The pattern the scanner replaces: its matches are the reference answer. */
  const pattern = /!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)\n]*)?\)/g;
  const expected = (line: string) =>
    [...line.matchAll(pattern)]
      .map((match) => ({ raw: match[1]!, column: match.index + match[0].indexOf(match[1]!) + 1 }))
      .filter(({ raw }) => !/^[A-Za-z][A-Za-z0-9+.-]*:|^[#/~\\]|[{}<>$*]/.test(raw) && !/^[#?]/.test(raw))
      .map(({ raw, column }) => `link:${decodeURISafe(raw.replace(/[#?].*$/, ""))}@1:${column}`);
  const decodeURISafe = (text: string) => {
    try {
      return decodeURI(text);
    } catch {
      return text;
    }
  };

  it("finds exactly what the link pattern finds, on random lines of link punctuation", () => {
    const alphabet = ["[", "]", "(", ")", "!", "<", ">", " ", '"', "'", "a", "b.md", "x/y.md", "\t"];
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 5000; round++) {
      const length = 1 + Math.floor(random() * 24);
      let line = "";
      for (let index = 0; index < length; index++) line += alphabet[Math.floor(random() * alphabet.length)];
      expect(targets(line), JSON.stringify(line)).toEqual(expected(line));
    }
  });

  it.each([
    ["[", "[".repeat(1_000_000)],
    ["[](", "[](".repeat(300_000)],
    ["![a", "![a".repeat(300_000)],
    ['[](a "', '[](a "'.repeat(200_000)],
  ])("a 1 MB line of %s is scanned in linear time", (_label, line) => {
    // The pattern took 9 s for 40,000 `[`; one pass over 1 MB takes milliseconds.
    expect(cpuMillis(() => findReferences(line))).toBeLessThan(2_000);
  });
});
