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
    expect(batchRunFlags("list", "11.3.244.8-node.38", [])).toEqual([
      "--interrupt-budget=132000",
      "--max-inlined-bytecode-size-cumulative=300",
    ]);
    // Later V8s have no `--interrupt-budget` (setting it prints an error) and tier up by other rules.
    expect(batchRunFlags("list", "12.4.254.21-node.57", [])).toEqual([]);
    expect(batchRunFlags("list", "13.6.233.10-node.27", [])).toEqual([]);
  });

  it("leaves the commands that serve for long with V8's defaults", () => {
    expect(batchRunFlags("mcp", "11.3.244.8", [])).toEqual([]);
    expect(batchRunFlags("watch", "11.3.244.8", [])).toEqual([]);
    expect(batchRunFlags("validate", "11.3.244.8", [])).toHaveLength(2);
  });

  it("leaves alone a flag the person gives Node, in either spelling", () => {
    expect(batchRunFlags("audit", "11.3.244.8", ["--interrupt-budget=5000"])).toEqual([
      "--max-inlined-bytecode-size-cumulative=300",
    ]);
    expect(batchRunFlags("audit", "11.3.244.8", [], "--max_inlined_bytecode_size_cumulative=1")).toEqual([
      "--interrupt-budget=132000",
    ]);
  });
});

// The real process: a command's work runs with the flags set, and no Node says a word about them.
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

function listWith(node: string) {
  const result = spawnSync(node, [bin, "list", "--json"], {
    cwd: temp.path,
    env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" },
    encoding: "utf8",
  });
  return {
    status: result.status,
    stderr: result.stderr,
    names: JSON.parse(result.stdout).skills.map((s: { name: string }) => s.name),
  };
}

describe("the skillset process", () => {
  it("runs a command on this Node with nothing on standard error", () => {
    const { status, stderr, names } = listWith(process.execPath);
    expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
    expect(names).toContain("tidy");
  });

  it.skipIf(!existsSync(VERCEL_NODE))(
    "runs a command on Node 22 with nothing on standard error (skipped without interop/vercel's Node 22)",
    () => {
      const { status, stderr, names } = listWith(VERCEL_NODE);
      expect({ status, stderr }).toEqual({ status: 0, stderr: "" });
      expect(names).toContain("tidy");
    },
  );
});
