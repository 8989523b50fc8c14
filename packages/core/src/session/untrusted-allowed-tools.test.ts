import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";

// SPEC §11: permission widening needs a trusted scope. A cloned project's skill (repo scope, untrusted by
// default) may narrow the host's tools with its allowed-tools, but never pre-approve one.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject();
  const fields = { description: "Use when formatting code.", "allowed-tools": "Bash Write" };
  await temp.writeSkill("project/.agents/skills/helper", { name: "helper", ...fields }, "Format.\n");
  await temp.writeSkill("home/.agents/skills/mine", { name: "mine", ...fields }, "Format mine.\n");
});
afterEach(() => temp.cleanup());

const tools = [{ name: "Bash" }, { name: "Write" }, { name: "Read" }];

describe("allowed-tools of a skill from an untrusted scope", () => {
  it.each(["restrict", "approve"] as const)("narrow in %s mode but approve nothing", async (narrowing) => {
    const skills = await openTempSkillset(temp);
    try {
      const session = skills.session({ host: { narrowing } });
      await session.prepareTurn("$helper format it", { source: "model" });
      const filtered = session.filterTools(tools);
      expect(filtered.approved).toEqual([]);
      expect(filtered.removed).toEqual(narrowing === "restrict" ? ["Read"] : []);
      expect(session.checkToolCall("Bash", { command: "ls" }).action).toBe("allow");
    } finally {
      await skills.close();
    }
  });

  it("approve as before for the person's own skill, and for a project the person trusts", async () => {
    const own = await openTempSkillset(temp);
    try {
      const session = own.session({});
      await session.prepareTurn("$mine format it", { source: "user" });
      expect(session.filterTools(tools).approved).toEqual(["Bash", "Write"]);
    } finally {
      await own.close();
    }
    await temp.write({
      "home/.config/skillset/config.json": JSON.stringify({
        policy: { trustedScopes: ["user", "admin", "system", "repo"] },
      }),
    });
    const trusting = await openTempSkillset(temp);
    try {
      const session = trusting.session({});
      await session.prepareTurn("$helper format it", { source: "user" });
      expect(session.filterTools(tools).approved).toEqual(["Bash", "Write"]);
      expect(session.checkToolCall("Bash", { command: "ls" }).action).toBe("approve");
    } finally {
      await trusting.close();
    }
  });
});
