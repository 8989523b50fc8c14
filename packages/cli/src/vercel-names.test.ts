import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "./testing/index.js";

// Hands used to vercel's `skills` CLI (issue 23, finding 6): its command names and short flags work here.
let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-vercel-names-");
  await temp.writeSkill("project/.agents/skills/pdf", {
    name: "pdf",
    description: "Use when filling PDF forms.",
  });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp), replaceTemp: temp.path });

describe("vercel's names", () => {
  it("ls lists, find searches, rm removes, init scaffolds", async () => {
    const ls = await cli("ls");
    expect(ls.code).toBe(0);
    expect(ls.stdout).toEqual((await cli("list")).stdout);
    const find = await cli("find", "pdf forms");
    expect(find.code).toBe(0);
    expect(find.stdout).toContain("pdf");
    const rm = await cli("rm");
    expect(rm.code).toBe(2);
    expect(rm.stderr).toContain("skillset remove: missing argument");
    const init = await cli("init", "my-skill");
    expect(init.code).toBe(0);
  });

  it("uninstall suggests remove, not install", async () => {
    const result = await cli("uninstall", "pdf");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Did you mean remove?");
    expect(result.stderr).not.toContain("install?");
  });

  it("add takes -s for --skill and -a for --agent", async () => {
    const result = await cli("add", temp.join("nowhere"), "-s", "pdf", "-a", "claude");
    expect(result.stderr).not.toContain("unknown option");
    expect(result.code).not.toBe(2);
  });
});
