import { readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reachableModules } from "./test/static-imports.js";

// A command that opens the registry (`skillset list`) pays for every module the registry reaches
// statically, and start-up is mostly module loading. What is needed only now and then is imported when
// first used: the parser when a file is not in the metadata cache; the config and state schemas (and the
// checks built on them) when there is a config file, a variable, flags or a state file to check. Checked
// on the sources: static imports only (`import type` and `import()` do not load anything at start-up).
const src = fileURLToPath(new URL(".", import.meta.url));

function staticImports(file: string): string[] {
  const source = readFileSync(file, "utf8");
  const found = source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s*"(\.{1,2}\/[^"]+)"/gm);
  return [...found].map((match) => join(dirname(file), (match[1] as string).replace(/\.js$/, ".ts")));
}

function reachable(entry: string): Set<string> {
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const target of staticImports(file)) visit(target);
  };
  visit(join(src, entry));
  return new Set([...files].map((file) => relative(src, file)));
}

describe("modules loaded with the registry", () => {
  it("leave out the parser, which a load served from the metadata cache never needs", () => {
    const files = [...reachable("registry/index.ts")];
    expect(files).toContain("registry/create-registry.ts");
    expect(files.filter((file) => file.startsWith("parser/"))).toEqual([]);
  });

  it("leave out the config and state schemas, which only a file, a variable or flags need", () => {
    const files = [...reachable("registry/index.ts")];
    expect(files).toContain("config/load-config.ts");
    expect(files).toContain("state/open-state-store.ts");
    const schemaModules = files.filter(
      (file) =>
        (file.startsWith("model/schema/") && file !== "model/schema/schema-issue-text.ts") ||
        [
          "config/config-schema.ts",
          "config/validate-config-layer.ts",
          "config/environment-config-layers.ts",
          "state/state-schema.ts",
          "state/salvage-state.ts",
        ].includes(file),
    );
    expect(schemaModules).toEqual([]);
  });
});

describe("the built registry and model entries", () => {
  it("reach their code in a handful of files, not one chunk per set of entries", () => {
    // `scripts/bundle.mjs` makes the closure of these two entries one chunk (GROUPED): `skillset list`
    // reached 39 files through them before, and each file costs the module loader beyond its code.
    const dist = fileURLToPath(new URL("../dist/", import.meta.url));
    const files = new Set([
      ...reachableModules(join(dist, "registry/public.js")).files,
      ...reachableModules(join(dist, "model/public.js")).files,
    ]);
    expect(files.size).toBeGreaterThan(2); // the walk did follow the imports
    expect(files.size).toBeLessThanOrEqual(6);
  });

  it("import no built-in whose import loads more than a start-up needs (fs/node-builtin.ts)", () => {
    // `node:fs`'s facade loads Node's stream modules; `crypto` loads them and its own (~3.5 ms; a command
    // hashes once it reads or writes a cache); `worker_threads` (the head-reading thread) and `zlib` (the
    // tokenizer's ranks) serve few runs. They come through `nodeFs` and `nodeBuiltin`.
    const dist = fileURLToPath(new URL("../dist/", import.meta.url));
    const external = new Set([
      ...reachableModules(join(dist, "registry/public.js")).external,
      ...reachableModules(join(dist, "model/public.js")).external,
      ...reachableModules(join(dist, "index.js")).external,
    ]);
    expect(external).toContain("node:path"); // the walk did collect the built-ins
    for (const heavy of ["node:crypto", "node:fs", "node:worker_threads", "node:zlib"])
      expect(external).not.toContain(heavy);
  });
});

describe("the built root of @skillset/core", () => {
  it("loads the session, policy, audit, validation and loader stages and MiniSearch on first call, not on import", () => {
    // `createSkillset`, `validatePaths` and the loader's functions are asynchronous: the root's own
    // (first-call.ts) import their stage when called; MiniSearch loads with the first search index.
    const dist = fileURLToPath(new URL("../dist/", import.meta.url));
    const { files } = reachableModules(join(dist, "index.js"));
    const sources = [...files].flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^\/\/ (\S+\.(?:ts|js))$/gm)].map(
        (match) => match[1] as string,
      ),
    );
    expect(sources).toContain("src/registry/create-registry.ts"); // the walk did follow the imports
    expect(sources).toContain("src/first-call.ts");
    const lazy = sources.filter(
      (source) =>
        /^src\/(session|policy|audit)\//.test(source) ||
        [
          "src/validate/validate-paths.ts",
          "src/loader/load-skill.ts",
          "src/loader/read-skill-file.ts",
        ].includes(source) ||
        source.includes("node_modules/minisearch/"),
    );
    expect(lazy).toEqual([]);
  });
});
