import { describe, expect, it } from "vitest";
import { scanMentions } from "./scan-mentions.js";

/** The ids the scanner found, as `kind:id`. */
function ids(text: string): string[] {
  return scanMentions(text).map((mention) => `${mention.kind}:${mention.id}`);
}

describe("scanMentions: $name", () => {
  it("records offsets and raw text", () => {
    expect(scanMentions("please $systematic-debugging now")).toEqual([
      { kind: "dollar", id: "systematic-debugging", start: 7, end: 28, raw: "$systematic-debugging" },
    ]);
  });

  it("reads namespaced ids", () => {
    expect(ids("$github:gh-fix-ci inspect")).toEqual(["dollar:github:gh-fix-ci"]);
  });

  it("leaves trailing ':' and '-' and sentence punctuation out of the id", () => {
    expect(ids("use $alpha-skill.")).toEqual(["dollar:alpha-skill"]);
    expect(ids("($alpha-skill)")).toEqual(["dollar:alpha-skill"]);
    expect(ids("$alpha-skill: do it")).toEqual(["dollar:alpha-skill"]);
    expect(ids("$alpha-skill-- now")).toEqual(["dollar:alpha-skill"]);
    expect(ids("$alpha, $beta; $gamma!")).toEqual(["dollar:alpha", "dollar:beta", "dollar:gamma"]);
  });

  it("accepts letters of any script, digits and underscores", () => {
    expect(ids("$données-2 $日本語 $ñandú_x")).toEqual([
      "dollar:données-2",
      "dollar:日本語",
      "dollar:ñandú_x",
    ]);
    expect(ids("$𝒳-math")).toEqual(["dollar:𝒳-math"]);
  });

  it("needs $ at the start of a token, followed by a letter", () => {
    expect(ids("US$5 a$b x_$c 9$d")).toEqual([]);
    expect(ids("$5 $-x $_x $ alone $")).toEqual([]);
    expect(ids("\\$escaped")).toEqual([]);
    expect(ids('see:$ok [$ok2] "$ok3"')).toEqual(["dollar:ok", "dollar:ok2", "dollar:ok3"]);
  });

  it("finds a mention anywhere in the message, on any line", () => {
    expect(ids("first line\n  then $tdd please\n\nand $pdf")).toEqual(["dollar:tdd", "dollar:pdf"]);
  });
});

describe("scanMentions: ids with a dot", () => {
  // What a registry with plugins `a.b` and `c.d` (each with `fmt`) and a skill `gh.fix` knows.
  const known = new Set(["a.b:fmt", "c.d:fmt", "gh.fix"]);
  const dottedId = (id: string) => known.has(id) || /^(a\.b|c\.d):/.test(id);
  const dotted = (text: string) =>
    scanMentions(text, { dottedId }).map((mention) => `${mention.kind}:${mention.id}`);

  it("reads a dotted id whole when it names something: a skill, or a name in a known namespace", () => {
    expect(dotted("$a.b:fmt go")).toEqual(["dollar:a.b:fmt"]);
    expect(dotted("then $gh.fix now")).toEqual(["dollar:gh.fix"]);
    expect(dotted("$a.b:nope go")).toEqual(["dollar:a.b:nope"]);
    expect(dotted("[$c.d:fmt](/p/SKILL.md)")).toEqual(["linked:c.d:fmt"]);
    expect(scanMentions("/a.b:fmt go", { dottedId })[0]).toMatchObject({ id: "a.b:fmt", args: "go" });
    expect(scanMentions("/skill:gh.fix x", { dottedId })[0]).toMatchObject({ id: "gh.fix", args: "x" });
  });

  it("still ends an id at a dot that is punctuation, or before an unknown dotted id", () => {
    expect(dotted("use $pdf. Then $gh.fix.")).toEqual(["dollar:pdf", "dollar:gh.fix"]);
    expect(dotted("$pdf.then $gh.fixed ($a.b:fmt).")).toEqual(["dollar:pdf", "dollar:gh", "dollar:a.b:fmt"]);
    expect(dotted("$gh.fix-: $pdf.-x")).toEqual(["dollar:gh.fix", "dollar:pdf"]);
    expect(dotted("/a.b go")).toEqual([]);
    // Without a test, as before: a dot ends every id.
    expect(ids("$a.b:fmt go")).toEqual(["dollar:a"]);
  });

  it("asks about a bounded number of dotted parts, so a long run stays linear", () => {
    let asked = 0;
    const count = () => {
      asked++;
      return false;
    };
    expect(scanMentions(`$a${".b".repeat(100_000)}`, { dottedId: count }).map((m) => m.id)).toEqual(["a"]);
    expect(asked).toBeLessThanOrEqual(8);
    asked = 0;
    scanMentions("$pdf $tdd-x, $a:b", { dottedId: count });
    expect(asked).toBe(0);
  });
});

describe("scanMentions: shell variables are never mentions", () => {
  it.each([
    ["echo $PATH", "$PATH"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax that must not be a mention
    ["cd ${HOME}", "${VAR}"],
    ["print $1 and $@ and $? and $$", "positional and special"],
    ["export KEY=$API_KEY", "ALL-CAPS"],
    ["$HOME2 $X $A_B_C9", "env shape"],
    ["$$name", "$$ then a name"],
    ["$(whoami) $'x'", "command substitution"],
  ])("%s (%s)", (text) => {
    expect(ids(text)).toEqual([]);
  });

  it("excludes the common environment names in any letter case", () => {
    expect(ids("$path $Home $user $shell $pwd $tmpdir $editor")).toEqual([]);
  });

  it("still finds mixed-case names that are not environment names", () => {
    expect(ids("$Pdf $myTool")).toEqual(["dollar:Pdf", "dollar:myTool"]);
  });
});

describe("scanMentions: code", () => {
  it("skips fenced code blocks (``` and ~~~)", () => {
    const text = "before $a\n```sh\necho $PATH $skill\n```\nafter $b\n~~~\n$c\n~~~\n$d";
    expect(ids(text)).toEqual(["dollar:a", "dollar:b", "dollar:d"]);
  });

  it("skips an unterminated fence to the end of the message", () => {
    expect(ids("$a\n```\n$b\n\n$c")).toEqual(["dollar:a"]);
    expect(ids("$a\n~~~~\n$b\n~~~\n$c")).toEqual(["dollar:a"]); // a shorter run does not close
  });

  it("needs the closing fence to use the same character and be at least as long", () => {
    expect(ids("```\n$a\n~~~\n$b\n````\n$c")).toEqual(["dollar:c"]);
  });

  it("accepts indented fences (as in list items)", () => {
    expect(ids("- step:\n    ```\n    $x\n    ```\n$y")).toEqual(["dollar:y"]);
  });

  it("skips a fenced block that opens after a bullet marker (*, -, +)", () => {
    expect(ids("* ```\n  $deploy\n  ```")).toEqual([]);
    expect(ids("- ```sh\n  echo $deploy\n  ```\n$after")).toEqual(["dollar:after"]);
    expect(ids("+ ~~~\n  $deploy\n  ~~~\n$after")).toEqual(["dollar:after"]);
    expect(ids("*\t```\n\t$deploy\n\t```")).toEqual([]);
  });

  it("skips a fenced block that opens after an ordered marker (1. or 1))", () => {
    expect(ids("1. ```\n   $deploy\n   ```\n$after")).toEqual(["dollar:after"]);
    expect(ids("12) ```\n    $deploy\n    ```\n$after")).toEqual(["dollar:after"]);
  });

  it("skips a fenced block in a nested list item, or after stacked markers", () => {
    const nested = "- steps:\n  1. ```\n     $deploy\n     ```\n  2. then $after";
    expect(ids(nested)).toEqual(["dollar:after"]);
    expect(ids("- 1. * ```\n       $deploy\n       ```\n$after")).toEqual(["dollar:after"]);
  });

  it("a mention right after a list item's fenced block activates", () => {
    expect(ids("* ```\n  $x\n  ```\n$deploy fix this")).toEqual(["dollar:deploy"]);
    expect(ids("1. ```\n   $x\n   ```\n\n$deploy")).toEqual(["dollar:deploy"]);
  });

  it("needs a list marker to be a marker: a space after it, at most 9 digits", () => {
    // Not a list item, so not a fence: the backticks are an unmatched run of paragraph text.
    expect(ids("-```\n$a")).toEqual(["dollar:a"]);
    expect(ids("1.```x\n$a")).toEqual(["dollar:a"]);
    expect(ids("1234567890. ```\n$a")).toEqual(["dollar:a"]);
    expect(ids("a. ```\n$a")).toEqual(["dollar:a"]);
    expect(ids("123456789. ```\n$a")).toEqual([]);
  });

  it("treats ```code``` on one line as an inline span, not a fence", () => {
    expect(ids("```$a``` $b")).toEqual(["dollar:b"]);
  });

  it("skips inline code spans, matched by equal-length backtick runs", () => {
    expect(ids("run `echo $x` then $y")).toEqual(["dollar:y"]);
    expect(ids("run ``a ` $x`` then $y")).toEqual(["dollar:y"]);
    expect(ids("a lone ` before $y")).toEqual(["dollar:y"]);
    expect(ids("`` $x ` $y")).toEqual(["dollar:x", "dollar:y"]); // no closer of length 2
  });

  it("does not let a code span cross a blank line", () => {
    expect(ids("a ` b\n\n$x ` c")).toEqual(["dollar:x"]);
    expect(ids("a ` b\n$x ` c")).toEqual([]);
  });
});

describe("scanMentions: links", () => {
  it("reads [$name](path)", () => {
    expect(scanMentions("use [$pdf](/skills/pdf/SKILL.md) now")).toEqual([
      {
        kind: "linked",
        id: "pdf",
        target: "/skills/pdf/SKILL.md",
        start: 4,
        end: 32,
        raw: "[$pdf](/skills/pdf/SKILL.md)",
      },
    ]);
  });

  it("accepts targets with spaces, plain or in <…>", () => {
    const [plain] = scanMentions("[$pdf](/my skills/pdf/SKILL.md)");
    const [angled] = scanMentions("[$pdf](</my skills/pdf>)");
    expect(plain).toMatchObject({ kind: "linked", target: "/my skills/pdf/SKILL.md" });
    expect(angled).toMatchObject({ kind: "linked", target: "/my skills/pdf" });
  });

  it("treats an empty target as a plain $name mention covering the whole link", () => {
    expect(scanMentions("x [$pdf]() y")).toEqual([
      { kind: "dollar", id: "pdf", start: 2, end: 10, raw: "[$pdf]()" },
    ]);
    expect(ids("[$pdf](<>)")).toEqual(["dollar:pdf"]);
    expect(ids("[$PATH]()")).toEqual([]);
  });

  it("falls back to the $name inside an incomplete link, and never throws on unbalanced brackets", () => {
    expect(ids("[$pdf] and [$doc](no close")).toEqual(["dollar:pdf", "dollar:doc"]);
    expect(ids("[[[$a](((")).toEqual(["dollar:a"]);
    expect(ids("[$a](x\ny)")).toEqual(["dollar:a"]);
    expect(ids("[$a b](x)")).toEqual(["dollar:a"]);
  });

  it("skips links inside code", () => {
    expect(ids("`[$a](/x)`")).toEqual([]);
  });
});

describe("scanMentions: slash commands", () => {
  it("reads /name args at the very start, args being the rest of the message", () => {
    expect(scanMentions("  /code-review PR #42\nsecond line")).toEqual([
      {
        kind: "slash",
        id: "code-review",
        form: "name",
        args: "PR #42\nsecond line",
        start: 2,
        end: 14,
        raw: "/code-review",
      },
    ]);
  });

  it("reads /skill:name", () => {
    expect(scanMentions("/skill:pdf extract tables")).toEqual([
      {
        kind: "slash",
        id: "pdf",
        form: "skill",
        args: "extract tables",
        start: 0,
        end: 10,
        raw: "/skill:pdf",
      },
    ]);
    expect(scanMentions("/skill:ns:pdf")[0]).toMatchObject({ id: "ns:pdf", form: "skill", args: "" });
  });

  it("is only a command at the start, and only when the token ends at whitespace", () => {
    expect(ids("see /pdf")).toEqual([]);
    expect(ids("/usr/bin/env node")).toEqual([]);
    expect(ids("/a.b")).toEqual([]);
    expect(ids("/ pdf")).toEqual([]);
  });

  it("still finds $mentions in the args", () => {
    expect(ids("/review with $tdd")).toEqual(["slash:review", "dollar:tdd"]);
  });
});

describe("scanMentions: skill:// references", () => {
  it("reads skill://name and skill://name/relative/path", () => {
    expect(scanMentions("read skill://pdf/references/tables.md.")).toEqual([
      {
        kind: "uri",
        id: "pdf",
        relativePath: "references/tables.md",
        start: 5,
        end: 37,
        raw: "skill://pdf/references/tables.md",
      },
    ]);
    expect(scanMentions("see (skill://pdf)")[0]).toEqual({
      kind: "uri",
      id: "pdf",
      start: 5,
      end: 16,
      raw: "skill://pdf",
    });
  });

  it("is not a reference inside a longer word or inside code", () => {
    expect(ids("myskill://pdf `skill://x`")).toEqual([]);
  });
});

describe("scanMentions: hostile input", () => {
  it("never throws on lone surrogates and control characters", () => {
    for (const text of ["$\ud800", "\udc00$a", "[$\ud800](x)", "/\udfff", "skill://\ud800/x", "`\u0000`$b"]) {
      expect(() => scanMentions(text)).not.toThrow();
    }
    expect(ids("\udc00$a")).toEqual(["dollar:a"]);
  });
});
