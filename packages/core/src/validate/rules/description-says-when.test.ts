import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../../fs/node-file-system.js";
import { parseSkillText } from "../../parser/index.js";
import { corpusDir, listSkillFiles } from "../../test/corpus.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import type { LintTarget } from "../lint-rule.js";
import { lintSkills } from "../lint-skills.js";
import { loadLintTarget } from "../load-lint-target.js";
import { descriptionSaysWhen, saysWhen } from "./description-says-when.js";

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
    rules: [descriptionSaysWhen],
    fs: nodeFileSystem,
  });
  for (const finding of result?.diagnostics ?? []) {
    expect(finding.code).toBe(descriptionSaysWhen.id);
    expect(finding.message.length).toBeGreaterThan(20);
  }
  return result?.diagnostics ?? [];
}

describe("description-says-when", () => {
  it("fires on a description that only lists features", async () => {
    const found = await run(await skill("pdf", { description: "PDF form filler." }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: "warning", field: "description", line: 3 });
  });

  it.each([
    "Fill PDF forms. Use when the user asks to fill a form.",
    "Guidance for writing commit messages.",
    "Triggers on requests to review a pull request.",
    "帮助用户提交 Bug Report。当用户说“这是个 bug”时触发。",
  ])("does not fire on %j", async (description) => {
    expect(await run(await skill("pdf", { description }))).toEqual([]);
  });

  it("flags a minority of the public skills in the corpus, and almost none of the official ones", () => {
    const share = (folder: string) => {
      const descriptions = listSkillFiles(join(corpusDir(), folder)).flatMap((path) => {
        const description = parseSkillText(readFileSync(path, "utf8"), { path }).document.raw?.description;
        return typeof description === "string" ? [description] : [];
      });
      return descriptions.filter((description) => !saysWhen(description)).length / descriptions.length;
    };
    expect(share("wild")).toBeGreaterThan(0.1);
    expect(share("wild")).toBeLessThan(0.4);
    expect(share("official")).toBeLessThan(0.05);
  });
});
