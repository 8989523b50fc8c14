import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempDir, type TempDir } from "../../test/temp-tree.js";
import { lintRuleHarness } from "../lint-rule-harness.js";
import { missingReference } from "./missing-reference.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const { skill, run } = lintRuleHarness(missingReference, () => temp);

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
