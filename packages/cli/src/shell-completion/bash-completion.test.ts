import { spawnSync } from "node:child_process";
import { chmodSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "../testing/index.js";

// The generated script in a real interactive bash, calling the real built CLI back for skill names.
const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
const built = existsSync(fileURLToPath(new URL("../../dist/commands/completion.run.js", import.meta.url)));
const bash = spawnSync("bash", ["--version"]).status === 0;

let temp: TempDir;
beforeAll(async () => {
  temp = await createTempProject("skillset-bash-completion-");
  await temp.writeSkill("project/.agents/skills/release-notes", {
    name: "release-notes",
    description: "Notes.",
  });
  await temp.writeSkill("project/.agents/skills/review-pr", { name: "review-pr", description: "Review." });
  await temp.writeSkill("project/.agents/skills/inj", { name: "inj$(id>pwned-3)", description: "Shell." });
  await temp.write({ "bin/skillset": `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n` });
  chmodSync(temp.join("bin/skillset"), 0o755);
  // A CLI whose skill names are shell code: the script must offer them as text and never run them.
  const hostile = ["inj$(touch ../pwned-1)", "inj`touch ../pwned-2`", "inj$HOME", "inj-plain"];
  await temp.write({
    "hostile-bin/skillset": `#!/bin/sh\n[ "$1" = __complete ] && exec printf '%s\\n' ${hostile.map((name) => `'${name}'`).join(" ")}\nexec "${process.execPath}" "${bin}" "$@"\n`,
  });
  chmodSync(temp.join("hostile-bin/skillset"), 0o755);
});
afterAll(() => temp.cleanup());

/** What bash completes for `line` (the cursor at its end), from the script `skillset completion bash` prints. */
function complete(line: string, binDirectory = "bin"): string[] {
  const script = `
source <(skillset completion bash) || exit 3
COMP_LINE=${JSON.stringify(line)}
COMP_POINT=\${#COMP_LINE}
read -r -a COMP_WORDS <<< "$COMP_LINE"
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
[[ "$COMP_LINE" == *" " ]] && COMP_CWORD=\${#COMP_WORDS[@]}
_skillset
printf '%s\\n' "\${COMPREPLY[@]}"
`;
  const result = spawnSync("bash", ["--norc", "--noprofile", "-i", "-c", script], {
    cwd: temp.join("project"),
    env: { ...isolatedEnv(temp), PATH: `${temp.join(binDirectory)}:${process.env.PATH ?? ""}`, TERM: "dumb" },
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\n").filter((word) => word !== "");
}

describe.skipIf(!built || !bash)("bash completion (skipped without bash or a build)", () => {
  it("completes a command", () => {
    expect(complete("skillset compl")).toEqual(["completion"]);
    expect(complete("skillset li")).toEqual(["list", "lint"]);
    expect(complete("skillset help val")).toEqual(["validate"]);
  });

  it("completes a command's flags", () => {
    expect(complete("skillset list --a")).toEqual(["--all"]);
    expect(complete("skillset validate --s")).toEqual(["--strict", "--spec-only", "--sarif"]);
  });

  it("completes skill names for commands that take one", () => {
    expect(complete("skillset show re")).toEqual(["release-notes", "review-pr"]);
    expect(complete("skillset disable rev")).toEqual(["review-pr"]);
    expect(complete("skillset list re")).toEqual([]);
  });

  it("offers skill names as plain text: a name's $(…), `…` or $var never runs or expands", () => {
    expect(complete("skillset show inj", "hostile-bin")).toEqual([
      "inj$(touch ../pwned-1)",
      "inj`touch ../pwned-2`",
      "inj$HOME",
      "inj-plain",
    ]);
    expect(complete("skillset show inj$", "hostile-bin")).toEqual(["inj$(touch ../pwned-1)", "inj$HOME"]);
    expect(existsSync(temp.join("pwned-1"))).toBe(false);
    expect(existsSync(temp.join("pwned-2"))).toBe(false);
  });

  it("leaves out, end to end, a skill whose name is shell code", () => {
    expect(complete("skillset show ")).not.toContain("inj$(id>pwned-3)");
    expect(complete("skillset show inj")).toEqual([]);
    expect(existsSync(temp.join("project/pwned-3"))).toBe(false);
  });

  it("completes folders after --cwd", () => {
    expect(complete("skillset list --cwd .ag")).toEqual([".agents"]);
  });
});
