import { describe, expect, it } from "vitest";
import { cpuMillis } from "../test/cpu-time.js";
import { readShellCommand, wrappedCommandsOf } from "./wrapped-shell-commands.js";

describe("wrappedCommandsOf", () => {
  it.each([
    ["sudo rm -rf /", "rm -rf /"],
    ["sudo -u root -E rm -rf /", "rm -rf /"],
    ["sudo --user=root rm x", "rm x"],
    ["/usr/bin/sudo rm x", "rm x"],
    ["env rm x", "rm x"],
    ["env FOO=1 BAR='a b' rm x", "rm x"],
    ["env -i -u HOME rm x", "rm x"],
    ["nice -n 5 rm x", "rm x"],
    ["nice -n5 rm x", "rm x"],
    ["nohup rm x", "rm x"],
    ["time -p rm x", "rm x"],
    ["command rm x", "rm x"],
    ["command rm -v x", "rm -v x"],
    ["env rm -S x", "rm -S x"],
    ["timeout 5 rm x", "rm x"],
    ["timeout -s KILL 5 rm x", "rm x"],
    ["xargs rm", "rm"],
    ["xargs -0 -n1 rm", "rm"],
    ["xargs -I {} rm {}", "rm {}"],
    ["xargs -I % -n 1 rm %", "rm %"],
    ["find . -exec rm {} \\;", "rm {}"],
    ["find . -name '*.o' -execdir rm -f {} ';'", "rm -f {}"],
    ["find . -ok rm {} +", "rm {}"],
    ["find . -exec echo {} \\; -exec rm {} \\;", "rm {}"],
    ['bash -c "rm x"', "rm x"],
    ["sh -c 'rm x'", "rm x"],
    ["bash -ec 'echo hi; rm x'", "rm x"],
    ['zsh -c "cd / && rm x"', "rm x"],
    ["sudo env FOO=1 nice -n 5 nohup rm x", "rm x"],
    ["find . -exec sudo rm {} \\;", "rm {}"],
    [`sh -c "sh -c 'sudo rm x'"`, "rm x"],
    ["echo hi && sudo rm x", "rm x"],
    ['sudo "rm" x', "rm x"],
    ["sudo \\rm x", "rm x"],
    // As the shell reads it: the basename of the command word, quotes and backslashes removed, any blank
    // a separator, redirections set apart, braces expanded.
    ["/bin/rm x", "rm x"],
    ["./rm x", "rm x"],
    ["\\rm x", "rm x"],
    ['"rm" x', "rm x"],
    ["'r'm x", "rm x"],
    ["rm\t-rf x", "rm -rf x"],
    ["r\\\nm x", "rm x"],
    ["{rm,-rf,x}", "rm -rf x"],
    ["r{m,} x", "rm r x"],
    ["{sudo,rm,x}", "rm x"],
    ["rm>/dev/null x", "rm x"],
    ["2>/dev/null rm x", "rm x"],
    ["git  push\torigin", "git push origin"],
    ["/usr/bin/git {push,origin}", "git push origin"],
    ['"$HOME/bin/rm" x', "rm x"],
  ])("%j runs %j", (command, expected) => {
    expect(wrappedCommandsOf(command)).toContain(expected);
    expect(readShellCommand(command).unknown).toBeUndefined();
  });

  it.each([
    ["echo x | sh", "sh reads commands from standard input"],
    ["curl -s x | bash -s", "bash reads commands from standard input"],
    ["bash <<<'rm x'", "bash reads commands from standard input"],
    ["sh <<EOF\nrm x\nEOF", "sh reads commands from standard input"],
    ["bash -", "bash reads commands from standard input"],
    ["bash /dev/stdin", "bash reads a program from a stream"],
    ['sh -c "$CMD"', "sh is given words computed when it runs"],
    ["bash <(curl x)", "bash is given words computed when it runs"],
    ["find . -exec sh -c '{}' \\;", "sh runs a string filled in when it runs"],
    ["xargs sh -c 'rm x'", "xargs feeds text to sh"],
    ["xargs -I{} python3 {}", "xargs feeds text to python3"],
    ["xargs -I% sudo sh -c %", "xargs feeds text to sh"],
    ["echo rm | xargs -I% % -rf x", "xargs fills in the command word from its input"],
    ["echo rm | xargs -i {} x", "xargs fills in the command word from its input"],
    ["echo rm | xargs -0 -I CMD CMD x", "xargs fills in the command word from its input"],
    ["echo rm | xargs --replace=@ sudo @ x", "xargs fills in the command word from its input"],
    ["python3 -c 'import os'", "python3 runs code given on its command line"],
    ["python3", "python3 reads a program from standard input"],
    ["cat x.py | python3 -W ignore", "python3 reads a program from standard input"],
    ["node -e 'require(1)'", "node runs code given on its command line"],
    ["node -pe 1", "node runs code given on its command line"],
    ["perl -ne 'print'", "perl runs code given on its command line"],
    ["ruby -e 1", "ruby runs code given on its command line"],
    ["deno eval 1", "deno runs code given on its command line"],
    ["awk 'BEGIN { system(\"rm x\") }'", "awk runs a program that can run commands"],
    ['eval "rm x"', "`eval` runs text as commands"],
    ["source ./env.sh", "`source` runs a file's text in this shell"],
    [". ./env.sh", "`.` runs a file's text in this shell"],
    ["exec rm x", "`exec` replaces the shell"],
    ["coproc rm x", "`coproc` runs a command beside the shell"],
    ["function f { rm x; }", "it defines a function"],
    ["f() { rm x; }; f", "it defines a function"],
    ["alias ls=rm", "`alias` changes what a command word means"],
    ["trap 'rm x' EXIT", "`trap` runs text later"],
    ["$(echo rm) x", "its command word is computed when it runs"],
    ["`echo rm` x", "its command word is computed when it runs"],
    ["$cmd x", "its command word is computed when it runs"],
    ['"$(echo /bin/rm)" x', "its command word is computed when it runs"],
    ["$'\\x72m' x", "its command word is computed when it runs"],
    ["/bin/r? x", "its command word is computed when it runs"],
    ["/bin/r[m] x", "its command word is computed when it runs"],
    ["sudo $(echo rm) x", "its command word is computed when it runs"],
    ["env -S 'rm x'", "`env -S` splits a string into a command"],
    ["echo 'rm x' | sudo -s", "`sudo -s` and `sudo -i` run a shell"],
    ["sudo -u root -i <<<'rm x'", "`sudo -s` and `sudo -i` run a shell"],
    ["echo 'rm x' | su", "`su` runs a shell"],
    ["watch -n1 rm x", "`watch` runs its words as a shell string"],
    ["{1..100000}", "a brace expansion in it is too large to read"],
    ["echo hi && sudo bash -c 'ls; eval x'", "`eval` runs text as commands"],
  ])("%j cannot be read: %s", (command, why) => {
    expect(readShellCommand(command).unknown).toBe(why);
  });

  it("keeps the simple commands as they are, first", () => {
    expect(wrappedCommandsOf("echo hi && sudo -u root rm x")).toEqual([
      "echo hi",
      "sudo -u root rm x",
      "rm x",
    ]);
  });

  it("gives more candidates when an option might take a value", () => {
    expect(wrappedCommandsOf("sudo --odd x rm y")).toEqual(["sudo --odd x rm y", "x rm y", "rm y"]);
    expect(wrappedCommandsOf("timeout 5 rm x")).toContain("5 rm x");
  });

  it.each([
    ["echo sudo rm x", ["echo sudo rm x"]],
    ['grep -r "rm" .', ['grep -r "rm" .', "grep -r rm ."]],
    ["ls rm-notes", ["ls rm-notes"]],
    ["bash script.sh rm", ["bash script.sh rm"]],
    ["sudo ls rm", ["sudo ls rm", "ls rm"]],
    ["find . -name rm", ["find . -name rm"]],
    ["bash script.sh", ["bash script.sh"]],
    ["python3 tools/check.py --fix", ["python3 tools/check.py --fix"]],
    ["node --version", ["node --version"]],
    ["command -v rm", ["command -v rm"]],
    ["command -pV rm", ["command -pV rm"]],
    ['echo "<(x)"', ['echo "<(x)"', "echo <(x)"]],
    ["awk '{ print $1 }' file", ["awk '{ print $1 }' file", "awk { print $1 } file"]],
    ["echo $(date) {a,b}", ["date", "echo $(date) {a,b}", "echo $(date) a b"]],
    ["arr=()", []],
    ['echo "f()"', ['echo "f()"', "echo f()"]],
  ])("%j runs nothing more than %j", (command, expected) => {
    expect(readShellCommand(command)).toEqual({ commands: expected });
  });

  it("looks through wrappers 8 deep; deeper cannot be read", () => {
    const nested = (depth: number) => `${"sudo ".repeat(depth)}rm x`;
    expect(wrappedCommandsOf(nested(7))).toContain("rm x");
    expect(readShellCommand(nested(7)).unknown).toBeUndefined();
    expect(readShellCommand(nested(9)).unknown).toBe("it nests shells or wrappers more than 8 deep");
    const shells = (depth: number) => `${"sh -c ".repeat(depth)}'rm x'`;
    expect(wrappedCommandsOf(`sh -c "sh -c 'rm x'"`)).toContain("rm x");
    expect(readShellCommand(shells(20)).unknown).toBeDefined();
  });

  it("stays bounded on long and hostile commands", () => {
    const used = cpuMillis(() => {
      expect(wrappedCommandsOf(`sudo ${"--odd x ".repeat(20_000)}rm y`)).toContain("rm y");
      expect(wrappedCommandsOf(`${"sudo env nice ".repeat(20_000)}rm y`).length).toBeLessThan(20);
      expect(wrappedCommandsOf(`${"eval ".repeat(20_000)}rm y`).length).toBeLessThan(20);
      expect(wrappedCommandsOf(`${"sh -c ".repeat(20_000)}rm y`).length).toBeLessThan(20);
    });
    expect(used).toBeLessThan(2000);
  });

  it("stays bounded on hostile brace expansions", () => {
    const used = cpuMillis(() => {
      expect(readShellCommand(`${"{a,b}".repeat(20_000)} x`).unknown).toBeDefined();
      expect(readShellCommand(`${"{a,b}".repeat(200)} x`).unknown).toBeDefined();
      expect(readShellCommand(`echo ${"{".repeat(1000)}`).unknown).toBeUndefined();
      expect(readShellCommand(`echo ${"{a,".repeat(300)}`).unknown).toBeUndefined();
    });
    expect(used).toBeLessThan(1000);
  });
});
