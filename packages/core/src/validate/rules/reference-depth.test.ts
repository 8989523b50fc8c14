import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { referenceDepth } from "./reference-depth.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(async () => {
  await temp.cleanup();
});

const goodDescription = "Fill PDF forms. Use when the user asks to fill in a PDF.";

/** Writes `<dir>/SKILL.md` (name = last folder, a good description, then `fields`) and reads it for lint. */
async function skill(
  dir: string,
  fields: Record<string, unknown> = {},
  body = "Do the thing.\n",
): Promise<LintTarget> {
  const path = await temp.writeSkill(
    dir,
    { name: dir.split("/").pop(), description: goodDescription, ...fields },
    body,
  );
  const { target } = await loadLintTarget(path, { fs: nodeFileSystem });
  return target!;
}

/** Runs this rule alone on `target` (and `others`, for rules across skills); checks every finding's code. */
async function run(target: LintTarget, others: LintTarget[] = []) {
  const [result] = await lintSkills([target, ...others], { rules: [referenceDepth], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(referenceDepth.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

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
