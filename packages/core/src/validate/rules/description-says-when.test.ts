import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSkillText } from "../../parser/index.js";
import { corpusDir, hasCorpus, listSkillFiles, NEEDS_CORPUS } from "../../test/corpus.js";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { descriptionSaysWhen, saysWhen } from "./description-says-when.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(descriptionSaysWhen, () => temp);

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

  it.skipIf(!hasCorpus())(
    `flags a minority of the public skills in the corpus, and almost none of the official ones ${NEEDS_CORPUS}`,
    () => {
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
    },
  );
});
