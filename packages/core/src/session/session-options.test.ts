import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTempProject, openTempSkillset, type TempDir } from "../test/index.js";
import type { Skillset } from "./create-skillset.js";

let temp: TempDir;
let skills: Skillset;
beforeAll(async () => {
  temp = await createTempProject();
  skills = await openTempSkillset(temp);
});
afterAll(async () => {
  await skills.close();
  await temp.cleanup();
});

describe("skills.session({ contextWindow })", () => {
  it("refuses a window that is no count of tokens, naming the option, what it must be and what was given", () => {
    for (const [contextWindow, given] of [
      [Number.NaN, "NaN"],
      [0, "0"],
      [-5, "-5"],
      [0.5, "0.5"],
      ["200k", '"200k"'],
    ] as const) {
      expect(() => skills.session({ contextWindow: contextWindow as number })).toThrow(
        expect.objectContaining({
          code: "options-invalid",
          message: `contextWindow must be the model's context window in tokens, a whole number of 1 or more (as catalog.contextWindow in the config); got ${given}.`,
        }),
      );
    }
  });

  it("sizes the catalog from a whole number of tokens", () => {
    expect(skills.session({ contextWindow: 1 }).inspect().catalog.budget).toBe(0);
    expect(skills.session({ contextWindow: 200_000 }).inspect().catalog.budget).toBe(4000);
  });
});
