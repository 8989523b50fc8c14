import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { batchRunFlags } from "./engine-tuning.js";
import { isolatedEnv } from "./testing/index.js";
import { VERCEL_NODE } from "./testing/vercel-cli.js";

describe("batchRunFlags", () => {
  it("tunes Node 20's V8 (11.x) only", () => {
    expect(batchRunFlags("validate", "11.3.244.8-node.38", [])).toEqual([
      "--interrupt-budget=132000",
      "--max-inlined-bytecode-size-cumulative=300",
    ]);
    // Later V8s have no `--interrupt-budget` (setting it prints an error) and tier up by other rules.
    expect(batchRunFlags("audit", "12.4.254.21-node.57", [])).toEqual([]);
    expect(batchRunFlags("audit", "13.6.233.10-node.27", [])).toEqual([]);
  });

  it("tunes the batch commands only: a command that is mostly start-up, or serves for long, keeps V8's defaults", () => {
    for (const command of ["validate", "lint", "add", "update", "install"])
      expect(batchRunFlags(command, "11.3.244.8", [])).toHaveLength(2);
    // The audit runs hundreds of regular expressions over many lines: each is compiled to machine code at once.
    expect(batchRunFlags("audit", "11.3.244.8", [])).toEqual([
      "--interrupt-budget=132000",
      "--max-inlined-bytecode-size-cumulative=300",
      "--no-regexp-tier-up",
    ]);
    for (const command of ["list", "load", "show", "read", "check", "search", "mcp", "watch"])
      expect(batchRunFlags(command, "11.3.244.8", [])).toEqual([]);
  });

  it("leaves alone a flag the person gives Node, in either spelling", () => {
    expect(batchRunFlags("audit", "11.3.244.8", ["--interrupt-budget=5000"])).toEqual([
      "--max-inlined-bytecode-size-cumulative=300",
      "--no-regexp-tier-up",
    ]);
    expect(batchRunFlags("validate", "11.3.244.8", [], "--max_inlined_bytecode_size_cumulative=1")).toEqual([
      "--interrupt-budget=132000",
    ]);
    expect(batchRunFlags("audit", "11.3.244.8", ["--regexp_tier_up"])).not.toContain("--no-regexp-tier-up");
    expect(batchRunFlags("audit", "11.3.244.8", [], "--no-regexp-tier-up")).toHaveLength(2);
  });
});

// The real process: a batch command's work runs with the flags set, and no Node says a word about them.
const bin = fileURLToPath(new URL("../bin/skillset.js", import.meta.url));
let temp: TempDir;
beforeAll(async () => {
  temp = await createTempDir("skillset-engine-");
  await temp.write({
    ".git/HEAD": "ref: refs/heads/main\n",
    ".agents/skills/tidy/SKILL.md":
      "---\nname: tidy\ndescription: Use when tidying a folder.\n---\nTidy it.\n",
  });
});
afterAll(() => temp.cleanup());

/** `skillset <command> --json` of the skill (a tuned command) on the Node at `node`. */
function runWith(node: string, command: "validate" | "audit" = "validate") {
  const result = spawnSync(node, [bin, command, "--json", ".agents/skills/tidy"], {
    cwd: temp.path,
    env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  return {
    status: result.status,
    stderr: result.stderr,
    paths: JSON.parse(result.stdout).skills.map((skill: { path: string }) => skill.path),
  };
}

describe("the skillset process", () => {
  it("runs a tuned command on this Node with nothing on standard error", () => {
    const { status, stderr, paths } = runWith(process.execPath);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(paths).toEqual([expect.stringMatching(/tidy[/\\]SKILL\.md$/)]);
    // The audit's flags too (one more than validate's).
    expect(runWith(process.execPath, "audit")).toMatchObject({
      status: 0,
      stderr: "",
      paths: [expect.any(String)],
    });
  });

  it.skipIf(!existsSync(VERCEL_NODE))(
    "runs a tuned command on Node 22 with nothing on standard error (skipped without interop/vercel's Node 22)",
    () => {
      const { status, stderr, paths } = runWith(VERCEL_NODE);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(paths).toHaveLength(1);
      expect(runWith(VERCEL_NODE, "audit")).toMatchObject({ status: 0, stderr: "" });
    },
  );
});
