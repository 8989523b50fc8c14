import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The CLI's modules form a tree of layers: the dispatcher (`run-cli.ts`) on top, the command table and
// the commands' work (`commands/*.run.ts`) under it, shared modules below. A module never imports one
// above it, and no import chain comes back to where it started.
const here = fileURLToPath(new URL(".", import.meta.url));

const files = readdirSync(here, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts"))
  .map((file) => file.split(sep).join("/"));

/** The relative modules `source` loads at run time: static imports, re-exports, dynamic imports (not `import type`). */
function runtimeImports(source: string): string[] {
  const found = source.matchAll(
    /(?:\bimport\s*\(\s*|\b(?:import|export)\s+(?!type\b)(?:[^"';]*?\bfrom\s*)?)"(\.{1,2}\/[^"]+)"/g,
  );
  return [...found].map((match) => match[1] as string);
}

/** `file`'s import `specifier` as a path under `src/` (`.js` read as its `.ts` or `.tsx` source). */
function target(file: string, specifier: string): string {
  const path = relative(here, resolve(here, dirname(file), specifier))
    .split(sep)
    .join("/");
  const source = path.replace(/\.js$/, ".ts");
  return files.includes(source) ? source : `${source}x`;
}

const graph = new Map(
  files.map((file) => [
    file,
    runtimeImports(readFileSync(join(here, file), "utf8")).map((specifier) => target(file, specifier)),
  ]),
);

/** One import cycle through the graph, as a list of files, or undefined. */
function findCycle(edges: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string): string[] | undefined => {
    if (state.get(file) === "done") return undefined;
    if (state.get(file) === "open") return [...path.slice(path.indexOf(file)), file];
    state.set(file, "open");
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(file, "done");
    return undefined;
  };
  for (const file of edges.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("the CLI's import graph", () => {
  it("reads imports as the runtime loads them", () => {
    const source = [
      'import { a } from "./a.js";',
      'import type { B } from "./b.js";',
      'export { c } from "../c.js";',
      'import "./d.js";',
      'const e = await import("./e.js");',
    ].join("\n");
    expect(runtimeImports(source)).toEqual(["./a.js", "../c.js", "./d.js", "./e.js"]);
    expect(target("commands/show.run.ts", "../skill-messages.js")).toBe("skill-messages.ts");
    expect(
      findCycle(
        new Map([
          ["a", ["b"]],
          ["b", ["c"]],
          ["c", ["a"]],
        ]),
      ),
    ).toEqual(["a", "b", "c", "a"]);
    expect(
      findCycle(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it("resolves every relative import to a source file", () => {
    const missing = [...graph].flatMap(([file, imports]) =>
      imports.filter((path) => !graph.has(path)).map((path) => `${file} imports ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it("has no import loop", () => {
    expect(findCycle(graph)?.join(" -> ")).toBeUndefined();
  });

  it("imports nothing back up: the dispatcher only from the entry points (and the test harness), a command's work only from its row", () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports
        .filter(
          (path) =>
            (path === "run-cli.ts" &&
              !["bin.ts", "index.ts", "testing/run-cli-captured.ts"].includes(file)) ||
            (/^commands\/[^/]+\.run\.ts$/.test(path) && !file.startsWith("commands/")),
        )
        .map((path) => `${file} imports ${path}`),
    );
    expect(upward).toEqual([]);
  });
});
