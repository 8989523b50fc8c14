import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { allowedToolsForm } from "./allowed-tools-form.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(allowedToolsForm, () => temp);

describe("allowed-tools-form", () => {
  it.each([
    ["bash Read", "should be spelled Bash"],
    ["Bash git:*", "write Bash(git:*)"],
    ["Bash(git:* Read", "unbalanced parentheses"],
    ["read(file)", "should be spelled Read(file)"],
    ["Bash) Read", "unbalanced parentheses"],
  ])("fires on %j", async (tools, phrase) => {
    const found = await run(await skill("pdf", { "allowed-tools": tools }));
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain(phrase);
    expect(found[0]?.field).toBe("allowed-tools");
  });

  it.each([
    "Bash(git status:*) Read Write",
    "Read, Grep, Glob",
    ["Bash(npm run *)", "mcp__github__create_issue"],
  ])("does not fire on %j", async (tools) => {
    expect(await run(await skill("pdf", { "allowed-tools": tools }))).toEqual([]);
  });
});
