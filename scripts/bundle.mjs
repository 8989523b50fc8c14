#!/usr/bin/env node
// The JavaScript of every workspace package, bundled with esbuild after `tsc -b` has checked the sources and
// written the declarations (tsc emits only .d.ts): one readable file per entry of the package's export map
// (`./dist/loader/public.js` from `src/loader/public.ts`), plus the few files the package starts by path
// (EXTRA_ENTRIES), and the code two entries share in chunks beside them (`dist/<name>-<hash>.js`).
// What the package.json lists in `dependencies` or `peerDependencies` (other workspace packages, tar, …) and
// Node's built-ins stay imports, installed by npm; a package imported but listed only in `devDependencies`
// is bundled in (a CommonJS one loaded on first use into `dist/vendor/`, see VENDORED), and its license
// text goes to `dist/THIRD-PARTY-LICENSES.md`. `import()` stays `import()`:
// code reached only through it is a chunk of its own, loaded when asked for, so start-up stays lazy.
// Usage: node scripts/bundle.mjs [package folder …] (default: every package under packages/).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build, transform } from "esbuild";

const repo = fileURLToPath(new URL("..", import.meta.url));

/** Entries a package starts by path rather than through its export map. */
const EXTRA_ENTRIES = {
  // bin/skillset.js imports dist/bin.js.
  skillset: ["bin"],
};

/**
 * Scripts a package starts by path that are bundled whole, on their own: nothing they import is shared
 * with the package's other files. The head-reading thread (`new Worker` of its built script,
 * fs/head-reader-thread.ts) runs in its own isolate, so sharing saved it nothing, and the few small
 * modules it shares with the main thread were a chunk of their own that every command loaded beside the
 * registry's.
 */
const STANDALONE_ENTRIES = {
  "@skillset/core": ["fs/head-reader-worker"],
};

/**
 * The modules of a package whose static closure is made one chunk. esbuild puts a module in the chunk of the
 * exact set of entries (and lazily imported modules) that reach it, and a package with twenty entries gets
 * dozens of small chunks: `skillset list` loaded 45 of core's, and each module file costs the loader a few
 * tenths of a millisecond beyond its code. So every export-map entry and every module the package imports
 * with `import()` also imports these: their closure is reached by all alike, and is one chunk. The price is
 * that an entry such as `@skillset/core/model` brings the registry's closure along. The extra entries (the
 * head-reading thread's script, `bin.js`) are left as they are: `bin.js` reaches the CLI's dispatcher only.
 */
const GROUPED = {
  "@skillset/core": [
    "registry/public",
    "model/public",
    // Small modules (well under 4 KB together each) that the root and most entries reach, each its own
    // chunk otherwise: eight module loads of `import("@skillset/core")` for a few kilobytes of code. The
    // fs modules stay apart: the head-reading thread imports them and must not load the registry.
    "loader/reload-tracker",
    "loader/usable-skill",
    "loader/find-skill",
    "registry/get-registry",
    "parser/split-frontmatter",
    "parser/old-mac-line-breaks",
    "catalog/escape-xml",
    "catalog/read-prompt",
    "mentions/messages",
    "validate/lint-rule",
    "validate/rules/host-command-name",
  ],
  // The dispatcher, and the small modules most commands' work shares (each its own chunk otherwise).
  skillset: [
    "run-cli",
    "open-skillset",
    "load-failure",
    "present-skill",
    "json/write-json",
    "json/skill-json",
    "display-path",
    "config-flags",
    "import-remote",
    "terminal/text-width",
    "terminal/output-width",
  ],
};

/**
 * Makes `entries` (absolute source paths) and every relative `import()` of the package's sources also
 * import each module of `group` (see GROUPED): each is loaded through a short module
 * `export * from "<module>"; import "<group module>";` (no module of ours has a default export). Returns
 * the esbuild plugin, and the entry point to give esbuild for a source path.
 */
function groupedChunk(group, entries) {
  const imports = group.map((path) => `import ${JSON.stringify(path)};\n`).join("");
  const plugin = {
    name: "grouped-chunk",
    setup(build) {
      build.onResolve({ filter: /^grouped:/ }, (args) => ({
        path: args.path.slice(8),
        namespace: "grouped",
      }));
      build.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.grouped) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: { grouped: true },
        });
        if (resolved.errors.length > 0 || resolved.external) return resolved;
        return { path: resolved.path, namespace: "grouped" };
      });
      build.onLoad({ filter: /.*/, namespace: "grouped" }, (args) => ({
        contents: `export * from ${JSON.stringify(args.path)};\n${imports}`,
        resolveDir: dirname(args.path),
        loader: "js",
      }));
    },
  };
  return { plugin, entryPoint: (path) => (entries.includes(path) ? `grouped:${path}` : path) };
}

/**
 * CommonJS packages a package loads on first use with `requireOnFirstUse` (core's fs stage), each bundled
 * into `dist/vendor/<name>.cjs` of its own: not loaded until asked for, and nothing for npm to install.
 */
const VENDORED = { "@skillset/core": ["yaml", "picomatch", "minisearch"] };

/** `./dist/x/y.js` → `x/y`: the entry's name, which is also its source under src/ and its output under dist/. */
function entryName(target, manifestPath) {
  const file = typeof target === "string" ? target : target.default;
  const match = /^\.\/dist\/(.+)\.js$/.exec(file);
  if (!match)
    throw new Error(
      `${manifestPath}: export ${file} is not a ./dist/*.js file; bundle.mjs builds only those`,
    );
  return match[1];
}

/** The JavaScript files under `dir` (not declarations): last build's outputs, removed before this one. */
function builtScripts(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.c?js(\.map)?$/.test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

// A bundled CommonJS dependency that requires a built-in (or a lazily required package) calls `require`,
// which an ES module lacks: the files that call it get one, made for their own location.
const REQUIRE_HEADER =
  'import { createRequire as __bundleRequire } from "node:module";\nconst require = __bundleRequire(import.meta.url);\n';

/**
 * `outputs` without the chunks esbuild makes of modules that hold nothing but types (with
 * `verbatimModuleSyntax`, `import { type X } from "./m.js"` keeps `import "./m.js"`), and without the
 * imports of those empty chunks (and the imports made only to run esbuild's helpers chunk): each cost every
 * command that reached it a module load for nothing.
 */
function withoutIdleChunks(outputs, dist) {
  const chunks = outputs.filter(
    (output) => dirname(output.path) === dist && /^chunk-\w+\.js$/.test(basename(output.path)),
  );
  const empty = new Set(
    chunks.filter((output) => output.text.trim() === "").map((output) => basename(output.path)),
  );
  // The chunk of esbuild's own helpers (`__commonJS`, `__require`: functions, nothing run) is imported for
  // its effects by every chunk beside the two that use it; those imports go too.
  const helpers = new Set(
    chunks
      .filter((output) => /\nexport \{\s*__\w+(?:,\s*__\w+)*\s*\};\s*$/.test(output.text))
      .map((output) => basename(output.path)),
  );
  return outputs
    .filter((output) => !(dirname(output.path) === dist && empty.has(basename(output.path))))
    .map(({ path, text }) => ({
      path,
      text: text.replace(/^import "(?:\.\.?\/)+(chunk-\w+\.js)";\n/gm, (line, chunk) =>
        empty.has(chunk) || helpers.has(chunk) ? "" : line,
      ),
    }));
}

/** An output file's text, with `require` defined when it uses it. */
function withRequire(text) {
  return /\brequire\b/.test(text) ? REQUIRE_HEADER + text : text;
}

/** The package a bare specifier names: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
function packageOf(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The license notice of every package bundled into the outputs, from the inputs esbuild read. */
function thirdPartyLicenses(metafile, dir) {
  const roots = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match) roots.add(join(dir, match[1]));
  }
  const sections = [...roots].sort().map((root) => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const file = readdirSync(root).find((name) => /^licen[cs]e(\.|$)/i.test(name));
    const text = file ? readFileSync(join(root, file), "utf8").trim() : `License: ${manifest.license}`;
    return `## ${manifest.name} ${manifest.version} (${manifest.license})\n\n\`\`\`\n${text}\n\`\`\`\n`;
  });
  return sections.length
    ? `# Third-party code bundled into this package\n\n${sections.join("\n")}`
    : undefined;
}

export async function bundlePackage(dir) {
  const manifestPath = join(dir, "package.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  const names = [
    ...Object.entries(manifest.exports ?? {})
      .filter(([entry]) => entry !== "./package.json")
      .map(([, target]) => entryName(target, manifestPath)),
    ...(EXTRA_ENTRIES[manifest.name] ?? []),
  ];
  const installed = new Set(
    [manifest.dependencies, manifest.peerDependencies, manifest.optionalDependencies].flatMap((list) =>
      Object.keys(list ?? {}),
    ),
  );
  const source = (name) => join(dir, "src", `${name}.ts`);
  const exported = names.filter((name) => !(EXTRA_ENTRIES[manifest.name] ?? []).includes(name));
  const grouping = GROUPED[manifest.name]
    ? groupedChunk(GROUPED[manifest.name].map(source), exported.map(source))
    : undefined;
  const dist = join(dir, "dist");
  for (const file of builtScripts(dist)) rmSync(file);
  const licenses = join(dist, "THIRD-PARTY-LICENSES.md");
  if (existsSync(licenses)) rmSync(licenses);
  const stayImports = {
    name: "installed-stay-imports",
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith("node:") || installed.has(packageOf(args.path)) ? { external: true } : undefined,
      );
    },
  };
  const options = {
    absWorkingDir: dir,
    outdir: dist,
    chunkNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // jsonc-parser's `main` is a UMD build that requires its own files at run time (`./impl/format`),
    // which a bundle does not hold: its ES module build is bundled instead.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js" },
    plugins: [stayImports],
    minify: false,
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
    write: false,
  };
  const result = await build({
    ...options,
    plugins: [...(grouping ? [grouping.plugin] : []), stayImports],
    entryPoints: Object.fromEntries(
      names.map((name) => [name, grouping ? grouping.entryPoint(source(name)) : source(name)]),
    ),
  });
  const outputs = [...result.outputFiles];
  for (const name of STANDALONE_ENTRIES[manifest.name] ?? []) {
    const alone = await build({ ...options, entryPoints: { [name]: source(name) }, splitting: false });
    outputs.push(...alone.outputFiles);
  }
  // A chunk of nothing but dependencies' code (proper-lockfile, chokidar's walker, …) is someone else's
  // code, read from its own repository, as the vendored ones are: its whitespace goes too. Ours stays
  // readable.
  const onlyDependencies = (path) => {
    const inputs = Object.keys(result.metafile.outputs[relative(dir, path)]?.inputs ?? {});
    return inputs.length > 0 && inputs.every((input) => input.includes("node_modules/"));
  };
  for (const { path, text } of withoutIdleChunks(outputs, dist)) {
    mkdirSync(dirname(path), { recursive: true });
    const shipped = onlyDependencies(path)
      ? (await transform(text, { minifyWhitespace: true, legalComments: "none", logLevel: "warning" })).code
      : text;
    writeFileSync(path, withRequire(shipped));
  }
  const inputs = { ...result.metafile.inputs };
  for (const name of VENDORED[manifest.name] ?? []) {
    const vendored = await build({
      absWorkingDir: dir,
      stdin: { contents: `module.exports = require(${JSON.stringify(name)});`, resolveDir: dir },
      outfile: join(dist, "vendor", `${name}.cjs`),
      bundle: true,
      format: "cjs",
      platform: "node",
      target: "node20",
      // Someone else's code, read from its own repository: whitespace goes (a third less to ship and to
      // parse on first use), names stay, so its stack traces still read.
      minifyWhitespace: true,
      legalComments: "none",
      logLevel: "warning",
      metafile: true,
    });
    Object.assign(inputs, vendored.metafile.inputs);
  }
  const notice = thirdPartyLicenses({ inputs }, dir);
  if (notice) writeFileSync(licenses, notice);
  return Object.keys(result.metafile.outputs).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const given = process.argv.slice(2);
  const dirs = given.length
    ? given.map((dir) => join(process.cwd(), dir))
    : readdirSync(join(repo, "packages")).map((name) => join(repo, "packages", name));
  for (const dir of dirs) {
    const files = await bundlePackage(dir);
    if (process.env.BUNDLE_VERBOSE) console.log(`${relative(repo, dir)}: ${files} files`);
  }
}
