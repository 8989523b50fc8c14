import { symlinkSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { missingReference } from "./missing-reference.js";
import { referenceLeavesSkill } from "./reference-leaves-skill.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const leaves = lintRuleHarness(referenceLeavesSkill, () => temp);
const missing = lintRuleHarness(missingReference, () => temp);

describe("reference-leaves-skill", () => {
  it("fires on paths out of the skill the same way whether they exist or not", async () => {
    await temp.write({ "outside/exists.md": "x", "pdf/references/ok.md": "ok" });
    const body = [
      "[a](../outside/exists.md) [b](../outside/missing.md) [c](../../../../../../etc/shadow)",
      "[e](references/ok.md) [f](link/exists.md) [g](link/missing.md)",
    ].join("\n");
    const target = await leaves.skill("pdf", {}, body);
    symlinkSync(temp.join("outside"), temp.join("pdf/link"));
    const found = await leaves.run(target);
    expect(found.map((d) => d.message.split(",")[0])).toEqual([
      "SKILL.md refers to ../outside/exists.md",
      "SKILL.md refers to ../outside/missing.md",
      "SKILL.md refers to ../../../../../../etc/shadow",
      "SKILL.md refers to link/exists.md",
      "SKILL.md refers to link/missing.md",
    ]);
    // missing-reference checks only inside the skill: it says nothing about any of them.
    expect(await missing.run(target)).toEqual([]);
  });

  it("does not fire on files inside the skill", async () => {
    const target = await leaves.skill("pdf", {}, "See [api](references/api.md) and [x](./scripts/../x.md).");
    expect(await leaves.run(target)).toEqual([]);
  });
});
