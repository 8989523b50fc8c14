import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { referenceDepth } from "./reference-depth.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(referenceDepth, () => temp);

describe("reference-depth", () => {
  it("fires when a reference links on to a further file", async () => {
    const target = await skill("pdf", {}, "See [a](references/a.md).\n");
    await temp.write({
      "pdf/references/a.md": "# A\n\nDetails in [b](b.md).\n",
      "pdf/references/b.md": "# B\n",
    });
    const found = await run(target);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ path: temp.join("pdf/references/a.md"), line: 3 });
    expect(found[0]?.message).toContain("references/b.md");
  });

  it("does not fire for links back to SKILL.md, to other direct references, or to the web", async () => {
    const target = await skill("pdf", {}, "See [a](references/a.md) and [b](references/b.md).\n");
    await temp.write({
      "pdf/references/a.md": "Back to [skill](../SKILL.md), see [b](b.md), [web](https://x.y).\n",
      "pdf/references/b.md": "# B\n",
    });
    expect(await run(target)).toEqual([]);
  });
});
