import { spawnSync } from "node:child_process";
import { chmodSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommands } from "../commands/index.js";
import { globalOptions } from "../global-options.js";
import { createTempProject, isolatedEnv } from "../testing/index.js";
import { SKILL_NAMES_CALL } from "./completion-spec.js";
import { completionScript, SHELLS } from "./index.js";

// `skillset load --cwd ../other <Tab>` offers the skills of ../other in every shell: each script hands the
// --cwd typed on the line to `skillset __complete skills`. Run in the shells that are installed, calling
// the real built CLI back.
const commands = await loadCommands();
const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/bin.js", import.meta.url)));
const installed = (shell: string) => !spawnSync(shell, ["--version"]).error;

describe("the skill names call takes the --cwd on the line", () => {
  it.each(SHELLS)("%s: the call passes what the line's --cwd gave", (shell) => {
    const script = completionScript(shell, commands, globalOptions);
    // `where` holds `--cwd DIR` or `--cwd=DIR` when the line has one, nothing otherwise.
    expect(script).toMatch(new RegExp(`${SKILL_NAMES_CALL} ("\\$\\{where\\[@\\]\\}"|\\$where) `));
    expect(script).toMatch(/where[ =(]+--cwd/);
  });
});

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempProject("skillset-completion-cwd-");
  await temp.writeSkill("project/.agents/skills/here", { name: "here", description: "Here." });
  await temp.write({ "other/.git/HEAD": "ref: refs/heads/main\n" });
  await temp.writeSkill("other/.agents/skills/there", { name: "there", description: "There." });
  await temp.write({
    "other/.skillset/config.json": JSON.stringify({ discovery: { providers: { system: false } } }),
    "bin/skillset": `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`,
  });
  chmodSync(temp.join("bin/skillset"), 0o755);
});
afterAll(() => temp.cleanup());

/** Runs `script` in `shell` inside the project, with the CLI on PATH; its lines of output. */
function run(shell: string, args: string[], script: string): string[] {
  const result = spawnSync(shell, [...args, script], {
    cwd: temp.join("project"),
    env: { ...isolatedEnv(temp), PATH: `${temp.join("bin")}:${process.env.PATH ?? ""}`, TERM: "dumb" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\n").filter((line) => line !== "");
}

describe.skipIf(!built)("skill names for another folder, in a real shell (skipped without a build)", () => {
  it.skipIf(!installed("zsh"))("zsh (skipped: zsh is not installed)", () => {
    // `_skillset_skills` as `_arguments` calls it: `words` from the command on, `CURRENT` the word typed.
    // compadd prints what it is handed; compdef is compinit's, not needed here.
    const names = (words: string[]) =>
      run(
        "zsh",
        ["-f", "-c"],
        `compdef() { :; }
compadd() { print -rl -- "\${(@P)2}"; }
source <(skillset completion zsh) || exit 3
words=(${words.map((word) => `'${word}'`).join(" ")} '')
CURRENT=\${#words}
_skillset_skills`,
      );
    expect(names(["load"])).toEqual(["here"]);
    expect(names(["load", "--cwd", "../other"])).toEqual(["there"]);
    expect(names(["show", "--cwd=../other"])).toEqual(["there"]);
    expect(names(["show", "--cwd", "'../other'"])).toEqual(["there"]);
  });

  it.skipIf(!installed("fish"))("fish (skipped: fish is not installed)", () => {
    const names = (line: string) =>
      run(
        "fish",
        ["--no-config", "-c"],
        `skillset completion fish | source; complete -C ${JSON.stringify(line)}`,
      );
    expect(names("skillset load ")).toEqual(["here"]);
    expect(names("skillset load --cwd ../other ")).toEqual(["there"]);
    expect(names("skillset show --cwd=../other t")).toEqual(["there"]);
  });

  it.skipIf(!installed("bash"))("bash (skipped: bash is not installed)", () => {
    const names = (line: string) =>
      run(
        "bash",
        ["--norc", "--noprofile", "-i", "-c"],
        `source <(skillset completion bash) || exit 3
COMP_LINE=${JSON.stringify(line)}
COMP_POINT=\${#COMP_LINE}
_skillset
printf '%s\\n' "\${COMPREPLY[@]}"`,
      );
    expect(names("skillset load ")).toEqual(["here"]);
    expect(names("skillset load --cwd ../other ")).toEqual(["there"]);
  });
});
