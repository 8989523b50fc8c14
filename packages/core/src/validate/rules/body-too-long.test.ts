import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { bodyTooLong } from "./body-too-long.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(bodyTooLong, () => temp);

describe("body-too-long", () => {
  it("fires over 500 lines and over ~5000 tokens", async () => {
    expect(await run(await skill("a", {}, "line\n".repeat(501)))).toHaveLength(1);
    const [tokens] = await run(await skill("b", {}, "word ".repeat(4001)));
    expect(tokens?.message).toContain("tokens");
  });

  it("says when the SKILL.md is past what a load gives a model: listed, never loaded", async () => {
    const [big] = await run(await skill("big", {}, `${"word ".repeat(60_000)}\n`));
    expect(big?.message).toContain(
      "at 293 KiB it is over the 256 KiB a load gives a model, so 'big' is listed but can never be loaded",
    );
    const [long] = await run(await skill("long", {}, "word ".repeat(4001)));
    expect(long?.message).toContain("it is loaded whole whenever 'long' is used");
  });

  it("does not fire at 500 lines", async () => {
    expect(await run(await skill("a", {}, "line\n".repeat(500)))).toEqual([]);
  });
});
