import { existsSync, readdirSync, readFileSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostTypeErrors } from "./test/host-compile.js";
import { createTempDir, type TempDir } from "./test/index.js";

// Every ```ts block of the documentation compiles against the built packages, as a host would import
// them (`@skillset/core`, its subpaths, `skillset`). `npm test` builds first.
const repo = fileURLToPath(new URL("../../../", import.meta.url));
const documents = [
  "README.md",
  "ARCHITECTURE.md",
  "CONTRIBUTING.md",
  ...readdirSync(join(repo, "packages")).map((folder) => `packages/${folder}/README.md`),
];

/** The ```ts blocks of a Markdown file, with the line each starts on. */
function typescriptBlocks(file: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const lines = readFileSync(file, "utf8").split("\n");
  for (let index = 0; index < lines.length; index++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[index] ?? "")) continue;
    const start = index + 1;
    let end = start;
    while (end < lines.length && !/^```\s*$/.test(lines[end] ?? "")) end++;
    blocks.push({ line: start + 1, code: lines.slice(start, end).join("\n") });
    index = end;
  }
  return blocks;
}

describe("documentation examples", () => {
  let temp: TempDir;
  const sources = new Map<string, string>();

  beforeAll(async () => {
    temp = await createTempDir("skillset-docs-");
    // Resolved like a host's project: through node_modules, to the packages' built exports.
    await symlink(join(repo, "node_modules"), temp.join("node_modules"));
    for (const document of documents) {
      const path = join(repo, document);
      if (!existsSync(path)) continue;
      for (const block of typescriptBlocks(path)) {
        const name = `${document.replaceAll("/", "-")}-line-${block.line}.mts`;
        await temp.write({ [name]: `${block.code}\nexport {};\n` });
        sources.set(temp.join(name), `${document}:${block.line}`);
      }
    }
  });
  afterAll(() => temp?.cleanup());

  it("type-check against the built packages", () => {
    expect(sources.size).toBeGreaterThan(0);
    const problems = hostTypeErrors([...sources.keys()], repo).map((found) => {
      const where = found.file ? (sources.get(found.file.fileName) ?? found.file.fileName) : "";
      return `${where}: ${ts.flattenDiagnosticMessageText(found.messageText, "\n")}`;
    });
    expect(problems).toEqual([]);
  }, 60_000);
});
