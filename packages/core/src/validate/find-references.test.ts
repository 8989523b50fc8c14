import { describe, expect, it } from "vitest";
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
