import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { noXmlTags } from "./no-xml-tags.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(noXmlTags, () => temp);

describe("no-xml-tags", () => {
  it("fires on tags in the description or the name", async () => {
    const found = await run(await skill("pdf", { description: "Use when <example>x</example>." }));
    expect(found.map((d) => [d.severity, d.field])).toEqual([["error", "description"]]);
    expect(found[0]?.message).toContain("<example>");
  });

  it("does not fire on comparisons or arrows", async () => {
    expect(await run(await skill("pdf", { description: "Use when a < b or x -> y." }))).toEqual([]);
  });
});
