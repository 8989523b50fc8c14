import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Importing the package loads neither the examination (validation, lint, the parser) nor the archive
// libraries: `add` starts its clone first and loads them while git works; a git install never loads tar or
// yauzl. Follows the static `import … from` of the sources (not `import()`).
const src = fileURLToPath(new URL(".", import.meta.url));

function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^\s*(?:import|export)\s(?!type\s)[^;]*?from\s*"([^"]+)"/gm)].map(
    (match) => match[1] as string,
  );
}

function reachable(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier.replace(/\.js$/, ".ts")));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}

describe("start-up", () => {
  it("the package statically reaches neither the examination nor the archive libraries", () => {
    const { files, external } = reachable(join(src, "index.ts"));
    for (const heavy of ["@skillset/core/validate", "@skillset/core/parser", "tar", "yauzl"])
      expect(external).not.toContain(heavy);
    const names = [...files].map((file) => file.slice(src.length));
    for (const lazy of ["trust/examine-skill.ts", "source/extract-tar.ts", "source/extract-zip.ts"])
      expect(names).not.toContain(lazy);
    expect(names).toContain("operations/add-skills.ts"); // the walk did follow the imports
  });
});
