import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "./testing/index.js";

// Colour is decided for each stream: a terminal on stdout must not put escape codes into a redirected stderr.
let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-color-");
  await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
});
afterEach(() => temp.cleanup());

const withoutNoColor = (env: Record<string, string>) => {
  const { NO_COLOR: _, ...rest } = env;
  return rest;
};

describe("colour per stream", () => {
  it("stdout on a terminal is coloured; stderr redirected to a file is not", async () => {
    const { stdout, stderr, code } = await runCliCaptured({
      argv: ["catalog", "--budget", "1"], // over budget: the summary on stderr is one the colour would mark
      cwd: temp.join("project"),
      env: withoutNoColor(isolatedEnv(temp)),
      tty: true,
      columns: 100,
    });
    expect(code).toBe(1);
    expect(stderr).toContain("over budget");
    expect(stderr).not.toContain("\u001b[");
    const list = await runCliCaptured({
      argv: ["list"],
      cwd: temp.join("project"),
      env: withoutNoColor(isolatedEnv(temp)),
      tty: true,
      columns: 100,
    });
    expect(list.stdout).toContain("\u001b[1m");
    expect(stdout).toBeDefined();
  });

  it("--no-color wins over FORCE_COLOR", async () => {
    const { stdout } = await runCliCaptured({
      argv: ["list", "--no-color"],
      cwd: temp.join("project"),
      env: { ...withoutNoColor(isolatedEnv(temp)), FORCE_COLOR: "1" },
      tty: true,
      columns: 100,
    });
    expect(stdout).toContain("pdf");
    expect(stdout).not.toContain("\u001b[");
  });
});
