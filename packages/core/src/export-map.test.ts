/**
 * What @skillset/core promises: the export map names every entry explicitly (no wildcard), one per
 * stage plus the root, `./test` and `./schema`, and every name each entry exports (values and types) is listed in
 * `export-map.json`. A new export is a decision: this test fails until the list says so
 * (`UPDATE_EXPORT_MAP=1 npx vitest run packages/core/src/export-map.test.ts` rewrites it, to review in
 * the diff). `./test` gives test helpers that know nothing of this repository's layout.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const core = fileURLToPath(new URL("../", import.meta.url));
const listFile = join(core, "src/export-map.json");
const manifest = JSON.parse(readFileSync(join(core, "package.json"), "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** Entries that are not a stage folder: the schema builder, which hosts hand to the AI SDK and MCP SDK. */
const EXTRA_ENTRIES: Record<string, string> = { "./schema": "model/schema" };

/** The source file behind an entry: `./registry` → `src/registry/index.ts`, `.` → `src/index.ts`. */
function sourceOf(entry: string): string {
  if (entry === ".") return join(core, "src/index.ts");
  return join(core, "src", EXTRA_ENTRIES[entry] ?? entry.slice(2), "index.ts");
}

/** Every name each entry exports, values and types, sorted; read with the compiler from the sources. */
function exportedNames(): Record<string, string[]> {
  const entries = Object.keys(manifest.exports).filter((entry) => entry !== "./package.json");
  const program = ts.createProgram(entries.map(sourceOf), {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const names: Record<string, string[]> = {};
  for (const entry of entries) {
    const file = program.getSourceFile(sourceOf(entry));
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) throw new Error(`cannot read ${sourceOf(entry)}`);
    names[entry] = checker
      .getExportsOfModule(symbol)
      .map((exported) => exported.getName())
      .sort();
  }
  return names;
}

describe("the export map of @skillset/core", () => {
  it("names every entry, one per stage folder, with no wildcard", () => {
    expect(Object.keys(manifest.exports).some((entry) => entry.includes("*"))).toBe(false);
    const stages = readdirSync(join(core, "src"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "hostile")
      .map((entry) => `./${entry.name}`)
      .sort();
    expect(
      Object.keys(manifest.exports)
        .filter((entry) => entry !== "." && entry !== "./package.json")
        .sort(),
    ).toEqual([...stages, ...Object.keys(EXTRA_ENTRIES)].sort());
  });

  it("exports exactly the names export-map.json lists", () => {
    const actual = exportedNames();
    if (process.env.UPDATE_EXPORT_MAP === "1")
      writeFileSync(listFile, `${JSON.stringify(actual, null, 2)}\n`);
    const listed = JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string[]>;
    expect(actual).toEqual(listed);
  }, 60_000);

  it("gives test helpers that do not know where this repository keeps anything", () => {
    const listed = JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string[]>;
    expect(listed["./test"]).not.toContain("corpusDir");
    expect(readFileSync(join(core, "src/test/index.ts"), "utf8")).not.toMatch(/corpus|shared/);
  });
});
