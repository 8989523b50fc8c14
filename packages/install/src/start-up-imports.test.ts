import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reachableModules } from "@skillset/core/test";
import { describe, expect, it } from "vitest";

// Importing the package loads neither the examination (validation, lint, the parser) nor the archive
// libraries: `add` starts its clone first and loads them while git works; a git install never loads tar or
// yauzl. Follows the static imports of the sources (not `import()`).
const src = fileURLToPath(new URL(".", import.meta.url));

describe("start-up", () => {
  it("the package statically reaches neither the examination nor the archive libraries", () => {
    const { files, external } = reachableModules(join(src, "index.ts"), (path) =>
      path.replace(/\.js$/, ".ts"),
    );
    for (const heavy of ["@skillset/core/validate", "@skillset/core/parser", "tar", "yauzl"])
      expect(external).not.toContain(heavy);
    const names = [...files].map((file) => file.slice(src.length));
    for (const lazy of ["trust/examine-skill.ts", "source/extract-tar.ts", "source/extract-zip.ts"])
      expect(names).not.toContain(lazy);
    expect(names).toContain("operations/add-skills.ts"); // the walk did follow the imports
  });
});
