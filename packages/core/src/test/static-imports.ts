/**
 * @module The modules a module loads by static imports, for tests that keep start-up cheap (what an entry
 * point reaches without `import()`).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The specifiers of `import … from "x"`, `export … from "x"` and `import "x"` (not `import()`, not types). */
export function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [
    ...source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s*"([^"]+)"|^\s*import\s*"([^"]+)"/gm),
  ].map((match) => (match[1] ?? match[2]) as string);
}

/**
 * Every file `entry` reaches by static imports of relative paths (each turned into a file by `toFile`, e.g.
 * `.js` → `.ts` for sources), and every other specifier met on the way.
 */
export function reachableModules(
  entry: string,
  toFile: (path: string) => string = (path) => path,
): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith(".")) visit(toFile(join(dirname(file), specifier)));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}
