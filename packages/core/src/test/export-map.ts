/**
 * @module What a workspace package promises, read for its export-map test: every entry of its
 * `package.json` `exports` and every name (value or type) each entry exports, read with the compiler from
 * the sources behind the built files. Not shipped (kept out of the build like the corpus helpers).
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

type Target = string | { types: string; default: string };

/** The package's `exports`, as written in its package.json. */
export function exportEntries(packageDir: string): Record<string, Target> {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
    exports: Record<string, Target>;
  };
  return manifest.exports;
}

/** The source behind an entry's built file: `./dist/loader/public.js` → `<package>/src/loader/public.ts`. */
export function sourceOfEntry(packageDir: string, target: Target): string {
  const built = typeof target === "string" ? target : target.default;
  const match = /^\.\/dist\/(.+)\.js$/.exec(built);
  if (!match)
    throw new Error(`${join(packageDir, "package.json")}: export ${built} is not a ./dist/*.js file`);
  return join(packageDir, "src", `${match[1]}.ts`);
}

/**
 * Every name each entry (but `./package.json`) exports, values and types, sorted; with `valuesOnly`, only
 * the names that are values at run time (functions, classes, constants).
 */
export function exportedNames(packageDir: string, valuesOnly = false): Record<string, string[]> {
  const entries = Object.entries(exportEntries(packageDir)).filter(([entry]) => entry !== "./package.json");
  const sources = entries.map(([, target]) => sourceOfEntry(packageDir, target));
  const program = ts.createProgram(sources, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const isValue = (exported: ts.Symbol) =>
    ((exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported).flags &
      ts.SymbolFlags.Value) !==
    0;
  const names: Record<string, string[]> = {};
  entries.forEach(([entry], index) => {
    const source = sources[index] as string;
    const file = program.getSourceFile(source);
    const symbol = file && checker.getSymbolAtLocation(file);
    if (!symbol) throw new Error(`cannot read ${source}`);
    names[entry] = checker
      .getExportsOfModule(symbol)
      .filter((exported) => !valuesOnly || isValue(exported))
      .map((exported) => exported.getName())
      .sort();
  });
  return names;
}

/**
 * The names read from the sources and the names `src/export-map.json` lists. With UPDATE_EXPORT_MAP=1 the
 * list is rewritten first, to review in the diff.
 */
export function listedAndActual(packageDir: string): {
  actual: Record<string, string[]>;
  listed: Record<string, string[]>;
} {
  const listFile = join(packageDir, "src/export-map.json");
  const actual = exportedNames(packageDir);
  if (process.env.UPDATE_EXPORT_MAP === "1") writeFileSync(listFile, `${JSON.stringify(actual, null, 2)}\n`);
  return { actual, listed: JSON.parse(readFileSync(listFile, "utf8")) as Record<string, string[]> };
}

/** The files `npm pack` would put in the package's tarball (paths inside the package). */
export function packedFiles(packageDir: string): string[] {
  const output = execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: packageDir,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  });
  return (JSON.parse(output) as [{ files: { path: string }[] }])[0].files.map((file) => file.path);
}

/**
 * Declarations a host would miss in the packed package: an entry's types file, or a file a packed `.d.ts`
 * imports, that the tarball leaves out.
 */
export function missingDeclarations(packageDir: string): string[] {
  const packed = new Set(packedFiles(packageDir));
  const missing = new Set<string>();
  for (const target of Object.values(exportEntries(packageDir)))
    if (typeof target !== "string") {
      const types = target.types.replace(/^\.\//, "");
      if (!packed.has(types)) missing.add(`${types} (an entry's types)`);
    }
  for (const file of packed) {
    if (!file.endsWith(".d.ts")) continue;
    const text = readFileSync(join(packageDir, file), "utf8");
    for (const [, specifier] of text.matchAll(/(?:from\s*|import\(\s*)"(\.{1,2}\/[^"]+)\.js"/g)) {
      const target = posix.join(posix.dirname(file), `${specifier}.d.ts`);
      if (!packed.has(target)) missing.add(`${target} (imported by ${file})`);
    }
  }
  return [...missing].sort();
}

/**
 * The test every package's `export-map.test.ts` runs: its entries are named, with no wildcard, they
 * export exactly the names its `src/export-map.json` lists, and its tarball holds every declaration a host
 * compiling against an entry reads.
 */
export function describeExportMap(packageDir: string): void {
  const name = (JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { name: string }).name;
  describe(`the export map of ${name}`, () => {
    it("names every entry, with no wildcard", () => {
      const entries = Object.keys(exportEntries(packageDir));
      expect(entries).toContain(".");
      expect(entries.filter((entry) => entry.includes("*"))).toEqual([]);
    });

    it("exports exactly the names export-map.json lists", () => {
      const { actual, listed } = listedAndActual(packageDir);
      expect(actual).toEqual(listed);
    }, 60_000);

    it("packs every declaration its entries reach (npm pack --dry-run)", () => {
      expect(missingDeclarations(packageDir)).toEqual([]);
    }, 60_000);
  });
}
