import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { reservedName } from "./reserved-name.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(reservedName, () => temp);

describe("reserved-name", () => {
  it("fires on names containing anthropic or claude", async () => {
    expect(await run(await skill("claude-helper"))).toHaveLength(1);
    expect((await run(await skill("my-anthropic-tools")))[0]?.message).toContain("'anthropic'");
  });

  it("does not fire on other names", async () => {
    expect(await run(await skill("clause-review"))).toEqual([]);
  });
});
