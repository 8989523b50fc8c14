import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { lintSkills } from "../lint-skills.js";
import { hostCommandName } from "./host-command-name.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(hostCommandName, () => temp);

describe("host-command-name", () => {
  it("fires on a built-in command name and on host-configured ones", async () => {
    expect(await run(await skill("review"))).toHaveLength(1);
    const [result] = await lintSkills([await skill("deploy")], {
      rules: [hostCommandName],
      hostCommands: ["deploy"],
    });
    expect(result?.diagnostics).toHaveLength(1);
  });

  it("does not fire on a more specific name", async () => {
    expect(await run(await skill("review-pull-request"))).toEqual([]);
  });
});
