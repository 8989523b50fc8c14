import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-search-");
  await temp.writeSkill("project/.agents/skills/image-optimizer", {
    name: "image-optimizer",
    description: "Compress and resize PNG and JPEG pictures for faster web pages.",
  });
  await temp.writeSkill("project/.agents/skills/release-notes", {
    name: "release-notes",
    description: "Draft a changelog from the commits since the last tag.",
  });
  await temp.writeSkill("project/.agents/skills/deploy", {
    name: "deploy",
    description: "Ship the site to production.",
    "disable-model-invocation": true,
  });
});
afterEach(() => temp.cleanup());

const cli = (argv: string[], stdin?: string) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    replaceTemp: temp.path,
    ...(stdin === undefined ? {} : { stdin }),
  });

describe("skillset search", () => {
  it("prints ranked results with scope, reason, score and path", async () => {
    const { code, stdout, stderr } = await cli(["search", "shrink the images on my website"]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout.split("\n")[0]).toMatch(/^image-optimizer {2}repo {2}text \d/);
    expect(stdout).toContain("<tmp>/project/.agents/skills/image-optimizer/SKILL.md");
  });

  it("prints JSON with the shared skill shape plus score and reason", async () => {
    const { code, stdout } = await cli(["search", "release", "--json"]);
    expect(code).toBe(0);
    const parsed = JSON.parse(stdout);
    expect(parsed.schemaVersion).toBe(1);
    expect(parsed.results[0]).toMatchObject({
      name: "release-notes",
      qualifiedName: "release-notes",
      scope: "repo",
      reason: "prefix",
      path: "<tmp>/project/.agents/skills/release-notes/SKILL.md",
    });
    expect(typeof parsed.results[0].score).toBe("number");
  });

  it("reads the query from standard input with -", async () => {
    const { code, stdout } = await cli(
      ["search", "-", "--limit", "1"],
      "write release notes from the git log\n",
    );
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toMatch(/^release-notes/);
    expect(stdout.trim().split("\n")).toHaveLength(3);
  });

  it("includes user-only skills only with --all, and filters by --scope", async () => {
    expect((await cli(["search", "deploy"])).code).toBe(1);
    const all = await cli(["search", "deploy", "--all"]);
    expect(all.stdout).toMatch(/^deploy {2}repo {2}exact_name/);
    expect((await cli(["search", "release", "--scope", "user"])).code).toBe(1);
  });

  it("exits 1 when nothing matches and 2 for usage errors", async () => {
    const none = await cli(["search", "zzzqqq"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("no skill matches 'zzzqqq'");
    expect((await cli(["search", "?!…"])).code).toBe(2);
    expect((await cli(["search", "🚀🔥"])).code).toBe(2);
    expect((await cli(["search", "x", "--limit", "zero"])).code).toBe(2);
    expect((await cli(["search", "x", "--scope", "galaxy"])).code).toBe(2);
    expect((await cli(["search", "-"], "   ")).code).toBe(2);
  });

  it("survives a 1 MB query", async () => {
    const { code, stdout } = await cli(["search", "-"], "compress pictures ".repeat(60_000));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^image-optimizer/);
  });
});
