/**
 * The code tables are complete and current: every code in them is used by the sources, every code the
 * sources use is in them (the compiler checks that: `SkillsetError` and `diagnostic()` take only these),
 * docs/codes.md lists exactly them, and a host can switch over them with the compiler's help.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  DIAGNOSTIC_CODES,
  type DiagnosticCode,
  SKILLSET_ERROR_CODES,
  type SkillsetCode,
  type SkillsetErrorCode,
} from "./codes.js";
import { SkillsetError } from "./errors.js";

const repo = fileURLToPath(new URL("../../../../", import.meta.url));
const docsFile = join(repo, "docs/codes.md");

/** Every source file of every package, tests and this table left out. */
function sources(): string {
  const texts: string[] = [];
  for (const pkg of readdirSync(join(repo, "packages"))) {
    const src = join(repo, "packages", pkg, "src");
    for (const file of readdirSync(src, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts") || file.endsWith("model/codes.ts")) continue;
      texts.push(readFileSync(join(src, file), "utf8"));
    }
  }
  return texts.join("\n");
}

/** docs/codes.md as the tables make it. */
export function renderCodesDoc(): string {
  const table = (codes: Record<string, string>) =>
    Object.entries(codes)
      .map(([code, meaning]) => `| \`${code}\` | ${meaning.replaceAll("|", "\\|")} |`)
      .join("\n");
  return `# Codes

Every \`SkillsetError\` and every \`Diagnostic\` carries a stable \`code\`: match on it, never on the message.
In TypeScript both are \`SkillsetCode\` (\`SkillsetErrorCode | DiagnosticCode\`, from \`@skillset/core\`), so a
\`switch\` over one is checked by the compiler. A finding can be raised as an error (a SKILL.md that cannot be
read throws with the reader's \`file-too-large\`) and a caught error can be reported as a finding, which is why
the two share one union. This file is generated from \`packages/core/src/model/codes.ts\`; a test keeps it
equal (\`UPDATE_CODES_DOC=1 npx vitest run packages/core/src/model/codes.test.ts\` rewrites it).

## Errors (\`SkillsetErrorCode\`)

| code | meaning |
|---|---|
${table(SKILLSET_ERROR_CODES)}

## Diagnostics (\`DiagnosticCode\`, lint rule ids included)

| code | meaning |
|---|---|
${table(DIAGNOSTIC_CODES)}
`;
}

/** A host's handling of an error: exhaustive over a few codes it cares about, the rest by kind. */
function advice(error: SkillsetError): string {
  const code: SkillsetCode = error.code;
  switch (code) {
    case "config-invalid":
    case "config-unreadable":
      return "fix the config file";
    case "state-locked":
      return "try again";
    default: {
      // Narrowed: the cases above are gone from the type.
      const rest: Exclude<SkillsetCode, "config-invalid" | "config-unreadable" | "state-locked"> = code;
      return rest;
    }
  }
}

/** Exhaustive by construction: the compiler fails this file when a code has no entry. */
const exitCodes: Record<SkillsetErrorCode, number> = Object.fromEntries(
  Object.keys(SKILLSET_ERROR_CODES).map((code) => [code, code.startsWith("install-") ? 3 : 1]),
) as Record<SkillsetErrorCode, number>;

describe("codes", () => {
  const text = sources();

  it.each(Object.keys(SKILLSET_ERROR_CODES))("error code %s is used by the sources", (code) => {
    expect(text).toContain(`"${code}"`);
  });

  it.each(Object.keys(DIAGNOSTIC_CODES))("diagnostic code %s is used by the sources", (code) => {
    expect(text).toContain(`"${code}"`);
  });

  it("docs/codes.md lists exactly the codes, with their meanings", () => {
    const expected = renderCodesDoc();
    if (process.env.UPDATE_CODES_DOC === "1") writeFileSync(docsFile, expected);
    expect(readFileSync(docsFile, "utf8")).toBe(expected);
  });

  it("lets a host switch over a code, and rejects a code that does not exist", () => {
    expect(advice(new SkillsetError("state-locked", "busy"))).toBe("try again");
    expect(advice(new SkillsetError("session-closed", "closed"))).toBe("session-closed");
    expect(exitCodes["install-too-large"]).toBe(3);
    // @ts-expect-error: not a code of either table
    const unknown: SkillsetCode = "no-such-code";
    // @ts-expect-error: a diagnostic code is not an error code
    const notAnError: SkillsetErrorCode = "yaml-repaired" satisfies DiagnosticCode;
    expect([unknown, notAnError]).toHaveLength(2);
  });
});
