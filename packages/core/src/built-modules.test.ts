import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Every package's built JavaScript (scripts/bundle.mjs): each module file a command loads costs the module
// loader a few tenths of a millisecond beyond its code, so none may be empty (esbuild made a chunk of each
// module holding nothing but types, and its importers loaded it), and none may import a file that is not there
// (nor require one: a bundled UMD build did, and crashed every command that read an opencode.json).
const packages = fileURLToPath(new URL("../..", import.meta.url));
const dists = readdirSync(packages)
  .map((name) => join(packages, name, "dist"))
  .filter((dist) => existsSync(dist));

function scripts(dist: string): string[] {
  return readdirSync(dist, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js") && !file.split(sep).includes("vendor"))
    .map((file) => join(dist, file));
}

describe("the built modules", () => {
  it.skipIf(dists.length === 0)("hold code, and import only files that are there (run after a build)", () => {
    let checked = 0;
    for (const dist of dists)
      for (const file of scripts(dist)) {
        const text = readFileSync(file, "utf8");
        expect(text.trim(), file).not.toBe("");
        for (const match of text.matchAll(/^(?:import|export)\s[^;]*?"(\.{1,2}\/[^"]+)";$/gm))
          expect(existsSync(join(dirname(file), match[1]!)), `${file} imports ${match[1]}`).toBe(true);
        // A bundled package that requires its own files at run time (a UMD build: `require("./impl/x")`)
        // fails only when that code runs: none may be left in.
        expect(
          text.match(/\brequire\w*\(\s*["']\.{1,2}\//)?.[0],
          `${file} requires a relative file`,
        ).toBeUndefined();
        checked++;
      }
    expect(checked).toBeGreaterThan(50);
  });
});
