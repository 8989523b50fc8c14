import { describe, expect, it } from "vitest";
import { wrappedCommandsOf } from "./wrapped-shell-commands.js";

describe("wrappedCommandsOf", () => {
  it.each([
    ["sudo rm -rf /", "rm -rf /"],
    ["sudo -u root -E rm -rf /", "rm -rf /"],
    ["sudo --user=root rm x", "rm x"],
    ["/usr/bin/sudo rm x", "rm x"],
    ["env rm x", "rm x"],
    ["env FOO=1 BAR='a b' rm x", "rm x"],
    ["env -i -u HOME rm x", "rm x"],
    ["env -S 'rm x'", "rm x"],
    ["nice -n 5 rm x", "rm x"],
    ["nice -n5 rm x", "rm x"],
    ["nohup rm x", "rm x"],
    ["time -p rm x", "rm x"],
    ["command rm x", "rm x"],
    ["exec -a name rm x", "rm x"],
    ["timeout 5 rm x", "rm x"],
    ["timeout -s KILL 5 rm x", "rm x"],
    ["xargs rm", "rm"],
    ["xargs -0 -n1 rm", "rm"],
    ["xargs -I {} rm {}", "rm {}"],
    ["find . -exec rm {} \\;", "rm {}"],
    ["find . -name '*.o' -execdir rm -f {} ';'", "rm -f {}"],
    ["find . -ok rm {} +", "rm {}"],
    ["find . -exec echo {} \\; -exec rm {} \\;", "rm {}"],
    ['bash -c "rm x"', "rm x"],
    ["sh -c 'rm x'", "rm x"],
    ["bash -ec 'echo hi; rm x'", "rm x"],
    ['zsh -c "cd / && rm x"', "rm x"],
    ['eval "rm x"', "rm x"],
    ["eval rm x", "rm x"],
    ["sudo env FOO=1 nice -n 5 nohup rm x", "rm x"],
    ["find . -exec sudo rm {} \\;", "rm {}"],
    [`sh -c "sh -c 'sudo rm x'"`, "rm x"],
    ["echo hi && sudo rm x", "rm x"],
    ['sudo "rm" x', "rm x"],
    ["sudo \\rm x", "rm x"],
  ])("%j runs %j", (command, expected) => {
    expect(wrappedCommandsOf(command)).toContain(expected);
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
    ['grep -r "rm" .', ['grep -r "rm" .']],
    ["ls rm-notes", ["ls rm-notes"]],
    ["bash script.sh rm", ["bash script.sh rm"]],
    ["sudo ls rm", ["sudo ls rm", "ls rm"]],
    ["find . -name rm", ["find . -name rm"]],
  ])("%j runs nothing more than %j", (command, expected) => {
    expect(wrappedCommandsOf(command)).toEqual(expected);
  });

  it("looks through wrappers 8 deep, no deeper", () => {
    const nested = (depth: number) => `${"sudo ".repeat(depth)}rm x`;
    expect(wrappedCommandsOf(nested(8))).toContain("rm x");
    expect(wrappedCommandsOf(nested(9))).not.toContain("rm x");
    const shells = (depth: number) => `${"eval ".repeat(depth)}rm x`;
    expect(wrappedCommandsOf(shells(8))).toContain("rm x");
  });

  it("stays bounded on long and hostile commands", () => {
    const started = performance.now();
    expect(wrappedCommandsOf(`sudo ${"--odd x ".repeat(20_000)}rm y`)).toContain("rm y");
    expect(wrappedCommandsOf(`${"sudo env nice ".repeat(20_000)}rm y`).length).toBeLessThan(20);
    expect(wrappedCommandsOf(`${"eval ".repeat(20_000)}rm y`).length).toBeLessThan(20);
    expect(wrappedCommandsOf(`${"sh -c ".repeat(20_000)}rm y`).length).toBeLessThan(20);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
