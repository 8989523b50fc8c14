import { chmod } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { scriptNotExecutable } from "./script-not-executable.js";

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
  const [result] = await lintSkills([target, ...others], {
    rules: [scriptNotExecutable],
    fs: nodeFileSystem,
  });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(scriptNotExecutable.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("script-not-executable", () => {
  it("fires on a script with a shebang and no run bit", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\necho hi\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o644);
    const found = await run(target);
    expect(found).toHaveLength(1);
    expect(found[0]?.message).toContain("chmod +x scripts/run.sh");
  });

  it("does not fire on executable scripts or scripts without a shebang", async () => {
    const target = await skill("pdf");
    await temp.write({ "pdf/scripts/run.sh": "#!/bin/sh\n", "pdf/scripts/helper.py": "print(1)\n" });
    await chmod(temp.join("pdf/scripts/run.sh"), 0o755);
    await chmod(join(target.dir, "scripts/helper.py"), 0o644);
    expect(await run(target)).toEqual([]);
  });
});
