import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isolatedEnv, runCliCaptured } from "./testing/index.js";

// The README's tour, as a newcomer types it (issue 23, finding 6): its `read skill://…` line names a
// file that exists in the bundled skill-creator.
const readme = readFileSync(join(fileURLToPath(new URL("../../../", import.meta.url)), "README.md"), "utf8");
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempDir("skillset-readme-tour-");
  await temp.write({ "project/.git/HEAD": "ref: refs/heads/main\n", "home/.keep": "" });
});
afterEach(() => temp.cleanup());

describe("the README tour", () => {
  it("`skillset read skill://…` works as written", async () => {
    const line = /npx skillset read (skill:\/\/\S+)/.exec(readme);
    expect(line).not.toBeNull();
    const result = await runCliCaptured({
      argv: ["read", line![1]!],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      replaceTemp: temp.path,
    });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(100);
  });
});
