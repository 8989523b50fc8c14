import { describe, expect, it } from "vitest";
import { expandBraces, shellWordsOf } from "./shell-words.js";

const texts = (command: string) => shellWordsOf(command)?.map((word) => [word.text, word.redirect ?? false]);

describe("shellWordsOf", () => {
  it.each([
    ["rm -rf x", ["rm", "-rf", "x"]],
    ["rm\t-rf\u000bx", ["rm", "-rf", "x"]],
    ["'r'\"m\" \\x", ["rm", "x"]],
    ['"a \\"b\\" \\c"', ['a "b" \\c']],
    ["{rm,-rf,x}", ["rm", "-rf", "x"]],
    ["'{rm,x}' \"{a,b}\" \\{c,d}", ["{rm,x}", "{a,b}", "{c,d}"]],
    ["a{b,c{d,e}}f", ["abf", "acdf", "acef"]],
    ["{1..3} {c..a} {0..6..3}", ["1", "2", "3", "c", "b", "a", "0", "3", "6"]],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax under test
    ["{} {x} {a..} ${x}", ["{}", "{x}", "{a..}", "${x}"]],
  ])("%j reads as %j", (command, expected) => {
    expect(shellWordsOf(command)?.map((word) => word.text)).toEqual(expected);
  });

  it("sets redirections and their targets apart, also when written without a blank", () => {
    expect(texts("rm>/dev/null x 2> err <<<'a b' <<EOF")).toEqual([
      ["rm", false],
      ["/dev/null", true],
      ["x", false],
      ["", true],
      ["err", true],
      ["a b", true],
      ["EOF", true],
    ]);
    expect(texts("diff <(ls) x")).toEqual([
      ["diff", false],
      ["<(ls)", false],
      ["x", false],
    ]);
  });

  it("marks what changes when the command runs, up to where it ends", () => {
    const ends = (command: string) => shellWordsOf(command)?.map((word) => word.unreadableEnd);
    expect(ends("plain \"$HOME/bin/x\" '$lit' $(a b)/c `x` *.ts [ab] [")).toEqual([0, 5, 0, 6, 3, 1, 4, 0]);
  });

  it("refuses brace expansions too large to read", () => {
    expect(shellWordsOf("echo {1..100000}")).toBeUndefined();
    expect(shellWordsOf(`x${"{a,b}".repeat(9)}`)).toBeUndefined();
    expect(expandBraces(`{a,b}`.repeat(8))).toHaveLength(256);
  });
});
