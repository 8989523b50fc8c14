/**
 * What @skillset/core promises: the export map names every entry explicitly (no wildcard): the root, one
 * per stage (its `public.ts`: what the CLI, MCP server, AI SDK adapter, installer, remote skills, benches and
 * examples use, and the types their signatures name), `./schema`, `./test`, and `./internal` for the rest.
 * Every name each entry exports (values and types) is listed in `export-map.json`. A stage's `index.ts`,
 * what the stages after it import, is its `public.ts` and its `internal.ts`, which never share a name. A
 * new export is a decision: this test fails until the list says so
 * (`UPDATE_EXPORT_MAP=1 npx vitest run packages/core/src/export-map.test.ts` rewrites it and the table in
 * ARCHITECTURE.md, to review in the diff). `./test` gives test helpers that know nothing of this
 * repository's layout.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { describeExportMap, exportedNames } from "./test/export-map.js";

const core = fileURLToPath(new URL("../", import.meta.url));
const manifest = JSON.parse(readFileSync(join(core, "package.json"), "utf8")) as {
  exports: Record<string, string | { types: string; default: string }>;
};

/** Entries that are not a stage folder's `public.ts`. */
const OTHER_ENTRIES = [".", "./package.json", "./schema", "./internal", "./test"];

const stages = readdirSync(join(core, "src"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !["hostile", "test"].includes(entry.name))
  .map((entry) => entry.name)
  .sort();

/** The table ARCHITECTURE.md shows between its markers: each stage entry's values, and how many types. */
function publicEntriesTable(): string {
  const values = exportedNames(core, true);
  const all = exportedNames(core);
  const rows = stages.map((stage) => {
    const entry = `./${stage}`;
    const types = (all[entry] ?? []).length - (values[entry] ?? []).length;
    return `| \`${stage}\` | ${(values[entry] ?? []).map((name) => `\`${name}\``).join(", ")} | ${types} |`;
  });
  return ["| entry | values | types |", "|---|---|---|", ...rows].join("\n");
}

describeExportMap(core);

describe("the entries of @skillset/core", () => {
  it("are one per stage folder and four more", () => {
    expect(
      Object.keys(manifest.exports)
        .filter((entry) => !OTHER_ENTRIES.includes(entry))
        .sort(),
    ).toEqual(stages.map((stage) => `./${stage}`));
    for (const stage of stages)
      expect(manifest.exports[`./${stage}`]).toEqual({
        types: `./dist/${stage}/public.d.ts`,
        default: `./dist/${stage}/public.js`,
      });
  });

  it("gives each stage's names to hosts (public.ts) or to ./internal (internal.ts), not both", () => {
    for (const stage of stages) {
      const index = readFileSync(join(core, "src", stage, "index.ts"), "utf8").replace(
        /^\/\*\*[\s\S]*?\*\/\s*/,
        "",
      );
      const parts = existsSync(join(core, "src", stage, "internal.ts")) ? ["internal", "public"] : ["public"];
      expect(index, `${stage}/index.ts`).toBe(
        parts.map((part) => `export * from "./${part}.js";\n`).join(""),
      );
    }
    const given = exportedNames(core);
    const internal = new Set(given["./internal"]);
    for (const stage of stages)
      for (const name of given[`./${stage}`] ?? [])
        expect(internal.has(name), `${name} is public in ./${stage} and internal`).toBe(false);
  }, 60_000);

  it("gives test helpers that do not know where this repository keeps anything", () => {
    const listed = JSON.parse(readFileSync(join(core, "src/export-map.json"), "utf8")) as Record<
      string,
      string[]
    >;
    expect(listed["./test"]).not.toContain("corpusDir");
    expect(readFileSync(join(core, "src/test/index.ts"), "utf8")).not.toMatch(/corpus|shared/);
  });

  it("are listed in ARCHITECTURE.md, each stage entry with its values", () => {
    const architecture = join(core, "../../ARCHITECTURE.md");
    const text = readFileSync(architecture, "utf8");
    const section = /(<!-- public-entries:start -->\n)([\s\S]*?)(\n<!-- public-entries:end -->)/;
    const expected = publicEntriesTable();
    if (process.env.UPDATE_EXPORT_MAP === "1")
      writeFileSync(
        architecture,
        text.replace(section, (_, start, _old, end) => `${start}${expected}${end}`),
      );
    expect(section.exec(readFileSync(architecture, "utf8"))?.[2]).toBe(expected);
  }, 60_000);

  it("says in ./internal that it may change", () => {
    expect(readFileSync(join(core, "src/internal.ts"), "utf8")).toMatch(/may change/);
  });
});
