import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { Skillset } from "./create-skillset.js";

let temp: TempDir;
let skills: Skillset;
beforeEach(async () => {
  temp = await createTempProject();
  const body = "Branch files: !`ls`\n";
  await temp.writeSkill(
    "home/.agents/skills/mine",
    { name: "mine", description: "Use when doing my own thing." },
    body,
  );
  await temp.writeSkill(
    "project/.agents/skills/theirs",
    { name: "theirs", description: "Use when doing the repo's thing." },
    body,
  );
  skills = await openTempSkillset(temp);
});
afterEach(async () => {
  await skills.close();
  await temp.cleanup();
});

describe("shell preprocessing through the session", () => {
  it("is off by default: the command stays text", async () => {
    const turn = await skills.session().prepareTurn("$mine go", { source: "user" });
    expect(turn.messages[0]?.content).toContain("Branch files: !`ls`");
  });

  it("a host turns it on: a trusted (user) skill's command runs; an untrusted (repo) skill is refused", async () => {
    const session = skills.session({ host: { shellPreprocessing: true } });
    const mine = await session.prepareTurn("/mine go", { source: "user" });
    expect(mine.messages[0]?.content).toContain("Branch files: SKILL.md");
    const theirs = await session.prepareTurn("/theirs go", { source: "user" });
    expect(theirs.activations).toEqual([]);
    expect(theirs.diagnostics[0]).toMatchObject({ code: "shell-untrusted", severity: "error" });
    expect(theirs.diagnostics[0]?.message).toContain("asks to run `ls`");
  });

  it("a mention never runs a command, from the person or the model's plan: the body keeps it as text, with a note", async () => {
    for (const source of ["user", "model"] as const) {
      const session = skills.session({ host: { shellPreprocessing: true } });
      const turn = await session.prepareTurn("use $mine for this", { source });
      expect(turn.activations.map((activation) => activation.skill.name)).toEqual(["mine"]);
      expect(turn.messages[0]?.content).toContain("Branch files: !`ls`");
      expect(turn.diagnostics).toContainEqual(
        expect.objectContaining({ code: "shell-not-run", severity: "info" }),
      );
      // An untrusted skill's mention is not refused either: nothing would run.
      expect((await session.prepareTurn("$theirs go", { source })).activations).toHaveLength(1);
    }
  });
});
