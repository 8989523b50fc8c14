/**
 * What a host's compiler sees: a project that imports the built packages through node_modules, as a host
 * would, type-checks against every entry of every workspace package's export map, and can `switch` over
 * `error.code` exhaustively — dropping one code's case is a compile error (issue 25). `npm test` builds first.
 */
import { readdirSync, readFileSync } from "node:fs";
import { symlink } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIAGNOSTIC_CODES, SKILLSET_ERROR_CODES } from "./model/codes.js";
import { exportEntries } from "./test/export-map.js";
import { hostTypeErrors } from "./test/host-compile.js";
import { createTempDir, type TempDir } from "./test/index.js";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

/** `import * as` every entry (but package.json) of every workspace package, each one used. */
function importEveryEntry(): string {
  const specifiers = readdirSync(join(repo, "packages")).flatMap((folder) => {
    const dir = join(repo, "packages", folder);
    const { name } = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name: string };
    return Object.keys(exportEntries(dir))
      .filter((entry) => entry !== "./package.json")
      .map((entry) => (entry === "." ? name : `${name}/${entry.slice(2)}`));
  });
  const lines = specifiers.map((specifier, index) => `import * as entry${index} from "${specifier}";`);
  return `${lines.join("\n")}\nexport const entries = [${specifiers.map((_, index) => `entry${index}`).join(", ")}];\n`;
}

/** A host's handling of every code, by `switch (error.code)`, with the compiler proving none is missed. */
function switchOverCodes(codes: readonly string[]): string {
  const cases = codes.map(
    (code) => `    case ${JSON.stringify(code)}:\n      return ${JSON.stringify(code)};`,
  );
  return `import { SkillsetError } from "@skillset/core";
export function explain(error: unknown): string {
  if (!SkillsetError.isInstance(error)) return "not ours";
  switch (error.code) {
${cases.join("\n")}
    default: {
      const unhandled: never = error.code;
      return unhandled;
    }
  }
}
`;
}

/** The compiler's errors for the files, as `file: message`. */
function typeErrors(files: readonly string[]): string[] {
  return hostTypeErrors(files, repo).map(
    (found) => `${found.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(found.messageText, "\n")}`,
  );
}

describe("a host's project compiled against the built packages", () => {
  let temp: TempDir;
  const codes = [...Object.keys(SKILLSET_ERROR_CODES), ...Object.keys(DIAGNOSTIC_CODES)];

  beforeAll(async () => {
    temp = await createTempDir("skillset-host-types-");
    await symlink(join(repo, "node_modules"), temp.join("node_modules"));
    await temp.write({
      "entries.mts": importEveryEntry(),
      "all-codes.mts": switchOverCodes(codes),
      "one-code-missing.mts": switchOverCodes(codes.filter((code) => code !== "state-locked")),
    });
  });
  afterAll(() => temp?.cleanup());

  it("imports every entry of every package and switches over every code", () => {
    expect(typeErrors([temp.join("entries.mts"), temp.join("all-codes.mts")])).toEqual([]);
  }, 120_000);

  it("fails to compile a switch that misses one code", () => {
    const errors = typeErrors([temp.join("one-code-missing.mts")]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/"state-locked"' is not assignable to type 'never'/);
  }, 120_000);
});
