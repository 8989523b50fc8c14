import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { Skillset } from "./create-skillset.js";

// A `disallowed-tools` rule on shell arguments denies a command when any simple command inside it matches
// (SPEC §11), not only when the whole command starts with it; a command that cannot be split for sure is
// denied when the prefix stands at any place a command could start; and a command run through a wrapper
// (`sudo`, `env`, `xargs`, `find -exec`, `sh -c`, `eval`, …) counts as well.
let temp: TempDir;
let skills: Skillset;
beforeAll(async () => {
  temp = await createTempProject();
  await temp.writeSkill(
    "project/.agents/skills/careful",
    { name: "careful", description: "Use when tidying.", "disallowed-tools": "Bash(rm:*) Bash(git push *)" },
    "Tidy up.\n",
  );
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills.close();
  await temp.cleanup();
});

const denied = [
  "rm -rf /",
  "echo hi && rm -rf /",
  "true; rm -rf ~",
  "x | rm y",
  "echo $(rm z)",
  "echo `rm z`",
  'echo "$(rm z)"',
  "false || rm z",
  "sleep 1 & rm z",
  "echo hi\nrm z",
  "(cd /; rm z)",
  "FOO=1 rm z",
  "if true; then rm z; fi",
  "git status && git push origin main",
  "echo 'unclosed; rm -rf ~",
  'echo "unclosed && rm -rf ~',
  "echo ) ; rm z",
  // Wrappers that run the command after them (SPEC §11): looked through for deny rules.
  "sudo rm -rf /",
  "env rm x",
  "env FOO=1 rm x",
  "nice -n 5 rm x",
  "nohup rm x",
  "time rm x",
  "time -p rm x",
  "command rm x",
  "exec rm x",
  "timeout 5 rm x",
  "xargs rm",
  "xargs -0 -n1 rm",
  "find . -exec rm {} \\;",
  'bash -c "rm x"',
  "sh -c 'rm x'",
  'eval "rm x"',
  "sudo -u root env nice git push origin main",
];
const allowed = [
  "echo hi",
  "echo 'rm -rf /'",
  'echo "a; rm b"',
  "ls rm",
  "git status",
  "echo a\\;rm b",
  "echo sudo rm",
  'grep -r "rm" .',
  "ls rm-notes",
  "sudo ls",
  "find . -name rm",
];

describe.each(["restrict", "approve"] as const)("disallowed-tools: Bash(rm:*) in %s mode", (narrowing) => {
  const prepared = async () => {
    const session = skills.session({ host: { narrowing } });
    const turn = await session.prepareTurn("$careful go", { source: "user" });
    expect(turn.visibleLines).toEqual(["Using skill: careful"]);
    return session;
  };

  it.each(denied)("denies %j", async (command) => {
    const session = await prepared();
    expect(session.checkToolCall("Bash", { command })).toMatchObject({ action: "deny" });
    expect(session.checkToolCall("Bash", command).action).toBe("deny");
  });

  it.each(allowed)("lets %j through", async (command) => {
    const session = await prepared();
    expect(session.checkToolCall("Bash", { command }).action).toBe("allow");
  });
});

it("names the rule and the skill when it denies a chained command", async () => {
  const session = skills.session();
  await session.prepareTurn("$careful go", { source: "user" });
  expect(session.checkToolCall("Bash", { command: "echo hi && rm -rf /" })).toEqual({
    action: "deny",
    reason: "Bash(rm:*) is in disallowed-tools of careful",
  });
  expect(session.checkToolCall("Read", { file_path: "rm -rf x; y" }).action).toBe("allow");
});
