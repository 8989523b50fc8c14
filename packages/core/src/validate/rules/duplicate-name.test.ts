import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { lintSkills } from "../lint-skills.js";
import { duplicateName } from "./duplicate-name.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(duplicateName, () => temp);

describe("duplicate-name", () => {
  it("fires on each skill sharing a name, naming the other and its scope", async () => {
    const a = await skill("repo/pdf", {}, undefined, "repo");
    const b = await skill("user/pdf", {}, undefined, "user");
    const results = await lintSkills([a, b], { rules: [duplicateName] });
    expect(results.map((r) => r.diagnostics.length)).toEqual([1, 1]);
    expect(results[0]?.diagnostics[0]?.message).toContain("(user scope)");
    expect(await run(a, [b])).toHaveLength(1);
  });

  it("does not fire on distinct names", async () => {
    expect(await run(await skill("pdf"), [await skill("docx")])).toEqual([]);
  });
});
