import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
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
  "audit",
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

/** The stage a relative import from `file` lands in (resolved against the importing file), or undefined. */
function targetStage(file: string, specifier: string): string | undefined {
  const target = relative(here, resolve(here, dirname(file), specifier));
  const [first, ...rest] = target.split(sep);
  return rest.length > 0 && first !== ".." ? first : undefined;
}

/** Every relative module specifier of a source file: static imports, re-exports and dynamic imports. */
function relativeImports(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)"(\.{1,2}\/[^"]+)"/g);
  return [...found].map((match) => match[1] as string);
}

describe("pipeline stage order", () => {
  it("resolves imports against the importing file, at any depth", () => {
    expect(targetStage(join("validate", "rules", "x.ts"), "../../parser/index.js")).toBe("parser");
    expect(targetStage(join("validate", "rules", "x.ts"), "../lint-rule.js")).toBe("validate");
    expect(relativeImports('import { a } from "../../x/y.js";\nawait import("./z.js");')).toEqual([
      "../../x/y.js",
      "./z.js",
    ]);
  });

  it.each(stages)("%s imports only from earlier stages", (stage) => {
    const allowed = new Set(stages.slice(0, stages.indexOf(stage) + 1));
    const violations: string[] = [];
    for (const file of sourceFiles(stage)) {
      for (const specifier of relativeImports(readFileSync(join(here, file), "utf8"))) {
        const target = targetStage(file, specifier);
        // `test/` holds fixtures; a type-only import of them from a test harness is not a runtime edge.
        if (target === undefined || target === "test") continue;
        if (!allowed.has(target)) violations.push(`${file} imports ${specifier} (stage ${target})`);
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
