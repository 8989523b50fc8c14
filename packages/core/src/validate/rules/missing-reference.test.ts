import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { missingReference } from "./missing-reference.js";

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
  const [result] = await lintSkills([target, ...others], { rules: [missingReference], fs: nodeFileSystem });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(missingReference.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("missing-reference", () => {
  it("fires on links and bundled paths that do not exist, once each", async () => {
    const body = [
      "Read [forms](references/forms.md) and [api](references/api.md).",
      "Run `python scripts/fill.py` and again `scripts/fill.py`.",
    ].join("\n");
    const target = await skill("pdf", {}, body);
    await temp.write({ "pdf/references/api.md": "# API\n" });
    const found = await run(target);
    expect(found.map((d) => [d.line, d.message.split(",")[0]])).toEqual([
      [6, "SKILL.md refers to references/forms.md"],
      [7, "SKILL.md refers to scripts/fill.py"],
    ]);
  });

  it("does not fire on existing files, URLs, or project paths in code", async () => {
    const body = "See [api](references/api.md), [web](https://x.y/z.md), and edit `src/index.ts`.";
    const target = await skill("pdf", {}, body);
    await temp.write({ "pdf/references/api.md": "# API\n" });
    expect(await run(target)).toEqual([]);
  });
});
