import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import * as root from "./index.js";

// The root of @skillset/core is what a host needs first; everything else is at a stage subpath
// (`@skillset/core/parser`, …). Adding a name here is a decision: update this list on purpose.
const ROOT_VALUES = [
  "SkillsetError",
  "clearRegistryCache",
  "createReloadTracker",
  "createRegistry",
  "createSkillSearch",
  "createSkillset",
  "createSkillTools",
  "defaultConfig",
  "defaultTokenizer",
  "findSkill",
  "getRegistry",
  "inertForTerminal",
  "loadConfig",
  "loadSkill",
  "nodeFileSystem",
  "parseSkillText",
  "readSkillFile",
  "removeMentions",
  "renderCatalog",
  "resolveMentions",
  "scanMentions",
  "stripControls",
  "validatePaths",
];

/** JSDoc tags of each value the root module exports, read from the sources with the compiler. */
function rootDocumentation(): Map<string, string[]> {
  const file = fileURLToPath(new URL("./index.ts", import.meta.url));
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
  const tags = new Map<string, string[]>();
  for (const exported of checker.getExportsOfModule(module)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    tags.set(
      exported.name,
      target.getJsDocTags(checker).map((tag) => tag.name),
    );
  }
  return tags;
}

describe("the root export of @skillset/core", () => {
  it("is the pinned list of values, at most 40", () => {
    expect(Object.keys(root).sort()).toEqual([...ROOT_VALUES].sort());
    expect(ROOT_VALUES.length).toBeLessThanOrEqual(40);
  });

  it("documents every value with an @example", () => {
    const documented = rootDocumentation();
    expect([...documented.keys()].sort()).toEqual([...ROOT_VALUES].sort());
    const missing = [...documented].filter(([, tags]) => !tags.includes("example")).map(([name]) => name);
    expect(missing).toEqual([]);
  }, 30_000);
});
