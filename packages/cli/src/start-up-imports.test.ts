import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `--version` and `--help` must answer without loading core (the tokenizer, chokidar, …): the modules the
// built `bin.js` imports statically stay inside the CLI and Node's built-ins. Reads the built output, which is
// what runs (`npm test` builds first); a command's work is reached only through `import()`.
const dist = fileURLToPath(new URL("../dist/", import.meta.url));

/** The static `import … from "x"` / `import "x"` specifiers of a built module (not `import("x")`). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*"([^"]+)"|^\s*import\s*"([^"]+)"/gm)].map(
    (match) => (match[1] ?? match[2]) as string,
  );
}

function reachable(entry: string): { files: Set<string>; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith(".")) visit(join(dirname(file), specifier));
      else external.add(specifier);
    }
  };
  visit(entry);
  return { files, external };
}

describe("start-up", () => {
  it("bin.js statically reaches only the CLI's own cheap modules and node: built-ins", () => {
    const { files, external } = reachable(join(dist, "bin.js"));
    expect([...external].filter((specifier) => !specifier.startsWith("node:"))).toEqual([]);
    const runModules = [...files].filter((file) => file.endsWith(".run.js"));
    expect(runModules).toEqual([]);
    expect(files.size).toBeGreaterThan(5); // the walk did follow the imports
  });

  it("`list` statically reaches neither the policy stage nor the Unicode width packages", () => {
    // `list` applies no policy, and its text is mostly ASCII: `loadWidthRules` imports the width
    // packages when some text needs them (their Unicode segmenter costs more than the rest of `list`).
    const run = reachable(join(dist, "commands", "list.run.js")).external;
    const table = reachable(join(dist, "commands", "list-table.js")).external;
    expect(run).toContain("@skillset/core/registry");
    for (const heavy of ["@skillset/core/policy", "string-width", "cli-truncate", "wrap-ansi"]) {
      expect(run).not.toContain(heavy);
      expect(table).not.toContain(heavy);
    }
  });
});
