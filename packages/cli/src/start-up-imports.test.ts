import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createTempDir, reachableModules } from "@skillset/core/test";
import { describe, expect, it } from "vitest";
import { isolatedEnv } from "./testing/index.js";

// `--version` and `--help` must answer without loading core (the tokenizer, chokidar, …): the modules the
// built `bin.js` imports statically stay inside the CLI and Node's cheap built-ins. The bundle is read for that,
// since it is what runs (`npm test` builds first): its chunks name the sources they hold (`// src/x.ts`); a
// command's work is reached only through `import()`. What each command loads is read from the sources,
// whose static imports the bundle keeps static and whose `import()` it keeps a chunk of its own.
const dist = fileURLToPath(new URL("../dist/", import.meta.url));
const src = fileURLToPath(new URL(".", import.meta.url));
const coreSrc = fileURLToPath(new URL("../../core/src/", import.meta.url));
const toSource = (path: string) => path.replace(/\.js$/, ".ts");

/** The other packages a source module reaches by static imports. */
function externalOf(file: string): Set<string> {
  return reachableModules(file, toSource).external;
}

describe("start-up", () => {
  it("bin.js statically reaches only the CLI's own cheap modules and node: built-ins", () => {
    const { files, external } = reachableModules(join(dist, "bin.js"));
    // An `import … from "node:x"` builds the built-in's facade, which reads all its exports: for `fs` that
    // loads Node's stream modules, for `util` its argument parser, and `tty` brings the socket modules.
    // Those come through `node-fs.ts`, or `import()` when needed (a terminal, a command's flags);
    // `node:path` and `node:module` (for Node before 20.16) have no lazy exports.
    expect([...external].sort()).toEqual(["node:module", "node:path"]);
    const sources = [...files].flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/^\/\/ (src\/\S+\.tsx?)$/gm)].map((match) => match[1]),
    );
    expect(sources).toContain("src/run-cli.ts"); // the walk did follow the imports
    // The command table, every row in one module (plain data: help needs them all, a command its own),
    // and no command's work.
    const commands = sources.filter((source) => source?.startsWith("src/commands/"));
    expect(commands).toContain("src/commands/index.ts");
    expect(commands).toContain("src/commands/list.ts");
    const rows = readdirSync(join(src, "commands")).filter(
      (file) => /^[a-z-]+\.ts$/.test(file) && !file.endsWith("-table.ts"),
    );
    expect(commands.sort()).toEqual(rows.map((file) => `src/commands/${file}`).sort());
  });

  it("a command's work reaches the CLI's shared modules in one or two chunks (GROUPED in scripts/bundle.mjs)", () => {
    // Each file the module loader opens costs beyond its code: `list` reached 11 of the CLI's files before.
    const run = readdirSync(dist).find((file) => /^list\.run-\w+\.js$/.test(file));
    expect(run).toBeDefined();
    const { files } = reachableModules(join(dist, run!));
    expect(files.size).toBeGreaterThan(1); // the walk did follow the imports
    expect(files.size).toBeLessThanOrEqual(4);
  });

  it("`list` statically reaches neither the policy stage, the Unicode width packages nor `node:fs`'s facade", () => {
    // `list` applies no policy, and its text is mostly ASCII: `loadWidthRules` imports the width
    // packages when some text needs them (their Unicode segmenter costs more than the rest of `list`).
    const run = externalOf(join(src, "commands", "list.run.ts"));
    const table = externalOf(join(src, "commands", "list-table.ts"));
    expect(run).toContain("@skillset/core/registry");
    for (const heavy of ["@skillset/core/policy", "string-width", "cli-truncate", "wrap-ansi"]) {
      expect(run).not.toContain(heavy);
      expect(table).not.toContain(heavy);
    }
    // Nor `node:fs`'s module facade, whose `ReadStream` getter loads Node's twenty stream modules (~1.5 ms):
    // the CLI's modules take `fs` from `node-fs.ts`.
    expect(run).not.toContain("node:fs");
  });

  it("`__complete` reaches the policy stage only through `import()`", () => {
    // Shells call it on every Tab: the policy is imported only when there is a name to check against it.
    const run = externalOf(join(src, "commands", "complete.run.ts"));
    expect(run).toContain("@skillset/core/registry");
    expect(run).not.toContain("@skillset/core/policy");
  });

  it("`validate` and `lint` load the wrapping packages only for the human format; `validate PATH` no config", () => {
    // `validate --json PATH` on thousands of skills prints JSON only: wrap-ansi and string-width cost ~20 ms;
    // the config and roots stages (~30 modules) only find the project root when no path is given (lint
    // reads the configuration through its registry).
    for (const command of ["validate", "lint"]) {
      const run = externalOf(join(src, "commands", `${command}.run.ts`));
      expect(run).toContain("@skillset/core/validate");
      for (const name of ["string-width", "wrap-ansi", "cli-truncate"])
        expect(run, command).not.toContain(name);
    }
    const validate = externalOf(join(src, "commands", "validate.run.ts"));
    for (const name of ["@skillset/core/config", "@skillset/core/roots"])
      expect(validate).not.toContain(name);
  });

  it("the install review and the diagnostics printer load the Unicode wrapping packages only for text that needs them", () => {
    // `add` in a script prints its review as one-column text: wrap-ansi, string-width and the segmenter
    // they start were ~20 ms of it (`withWrapRules` imports them when a line needs them).
    for (const file of ["candidate-review.ts", "print-diagnostics.ts", "install-terminal.ts"]) {
      const reached = externalOf(join(src, file));
      expect(reached.size, file).toBeGreaterThan(0); // the walk did follow the imports
      for (const name of ["string-width", "wrap-ansi", "cli-truncate"])
        expect(reached, file).not.toContain(name);
    }
  });

  it("`search` loads no configuration stage, settings parser or glob package it does not need", () => {
    // Beside a warm `list`, a one-shot search should add little more than its index: the agents' settings
    // parsers load only when a settings file exists, picomatch only for a rule or pattern with a glob.
    const run = externalOf(join(src, "commands", "search.run.ts"));
    expect(run).toContain("@skillset/core/policy");
    expect(run).not.toContain("@skillset/core/config");
    const policy = externalOf(join(coreSrc, "policy", "public.ts"));
    expect(policy.size).toBeGreaterThan(0); // the walk did follow the imports
    for (const name of ["picomatch", "smol-toml", "jsonc-parser"]) expect(policy).not.toContain(name);
  });
});

describe("the built-in modules a start-up loads", () => {
  // What the static walk above cannot see: the modules Node itself loads for a process, here `list` in an
  // empty project with standard output a pipe (as a host or a script runs it), read from Node's own list.
  // A run that writes nothing: one that writes the metadata cache hashes (`crypto` loads the streams), and
  // the first runs do (the first makes the cache folder in the home, which the second finds changed).
  it.skipIf(!process.getBuiltinModule)(
    "`list` in an empty project loads neither Node's stream modules nor `node:util`'s lazy ones (skipped on Node before 20.16)",
    async () => {
      const temp = await createTempDir("skillset-start-up-");
      try {
        await temp.write({
          ".git/HEAD": "ref: refs/heads/main\n",
          "loaded.cjs": `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(temp.join("loaded.txt"))}, process.moduleLoadList.join("\\n")));`,
        });
        const bin = fileURLToPath(new URL("../bin/skillset.js", import.meta.url));
        // Until a run leaves the cache files as they were: that run wrote nothing.
        const cacheFiles = () => {
          const dir = temp.join("home", ".cache", "skillset");
          return readdirSync(dir)
            .map((name) => `${name} ${statSync(join(dir, name)).mtimeMs}`)
            .join("\n");
        };
        let before: string | undefined;
        for (let run = 0; run < 6; run++) {
          const result = spawnSync(process.execPath, ["--require", temp.join("loaded.cjs"), bin, "list"], {
            cwd: temp.path,
            env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" },
            encoding: "utf8",
          });
          expect(result.status, result.stderr).toBe(0);
          const after = cacheFiles();
          if (after === before) break;
          before = after;
        }
        const loaded = readFileSync(temp.join("loaded.txt"), "utf8").split("\n");
        expect(loaded).toContain("NativeModule internal/util/parse_args/parse_args"); // the list is Node's
        // `node:fs`'s facade (its `ReadStream` getter) and `node:tty` bring the streams; `node:util`'s facade
        // its MIME and abort-controller modules.
        for (const name of ["internal/streams/readable", "internal/mime", "internal/abort_controller"])
          expect(loaded).not.toContain(`NativeModule ${name}`);
      } finally {
        await temp.cleanup();
      }
    },
  );
});
