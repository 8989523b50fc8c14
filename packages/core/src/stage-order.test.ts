import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// SPEC §1: data flows one way; a stage imports only from the stages before it.
const stages = [
  "fs",
  "model",
  "config",
  "state",
  "roots",
  "walker",
  "parser",
  "validate",
  "registry",
  "policy",
  "catalog",
  "mentions",
  "completion",
  "search",
  "loader",
  "tools",
  "session",
];
const here = fileURLToPath(new URL(".", import.meta.url));

function sourceFiles(folder: string): string[] {
  if (!existsSync(join(here, folder))) return [];
  return readdirSync(join(here, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => join(folder, file));
}

describe("pipeline stage order", () => {
  it.each(stages)("%s imports only from earlier stages", (stage) => {
    const allowed = new Set(stages.slice(0, stages.indexOf(stage) + 1));
    const violations: string[] = [];
    for (const file of sourceFiles(stage)) {
      for (const match of readFileSync(join(here, file), "utf8").matchAll(/from "\.\.\/([a-z-]+)\//g)) {
        const target = match[1] as string;
        // `test/` holds fixtures; a type-only import of them from a test harness is not a runtime edge.
        if (target !== "test" && !allowed.has(target)) violations.push(`${file} imports ../${target}/`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("core depends on no other workspace package", () => {
    const offenders = stages
      .flatMap(sourceFiles)
      .filter((file) =>
        /from "(skillset|@skillset\/(cli|mcp|ai-sdk))/.test(readFileSync(join(here, file), "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
