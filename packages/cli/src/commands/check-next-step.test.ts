import { rmSync } from "node:fs";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillText } from "../../../install/src/testing/make-archive.js";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// `check` reports drift and says what to run about it (issue 23, finding 6).
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-check-next-");
  await temp.write({
    "tmp/.keep": "",
    "src/alpha/SKILL.md": skillText("alpha"),
    "src/beta/SKILL.md": skillText("beta"),
  });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: { ...isolatedEnv(temp), TMPDIR: temp.join("tmp") },
    replaceTemp: temp.path,
  });

describe("skillset check gives a next step", () => {
  it("names update for upstream changes and install for a missing copy", async () => {
    expect((await cli("add", "../src", "--all")).code).toBe(0);
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    rmSync(temp.join("project/.agents/skills/beta"), { recursive: true });
    const check = await cli("check");
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("Next:");
    expect(check.stdout).toContain("skillset update alpha");
    expect(check.stdout).toContain("skillset install    restore beta from the lock");
  });

  it("with nothing recorded, names add", async () => {
    const check = await cli("check");
    expect(check.stdout).toContain("skillset add <source>");
  });
});
