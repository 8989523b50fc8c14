import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../model/diagnostic.js";
import { SPEC_FIELD_CODES } from "../parser/check-spec-fields.js";
import { parseSkillFile } from "../parser/parse-skill-file.js";
import { corpusDir, listSkillFiles, NEEDS_CORPUS } from "../test/corpus.js";
import { validateSkillFile } from "./validate-skill.js";

// SPEC §3, §4: lenient loading and strict validation apply one implementation of the spec's field rules.
// A missing or empty name or description is the exception by design: loading falls back (folder name,
// first paragraph) and says so with `missing-name` / `missing-description`.
const compared = new Set<string>(SPEC_FIELD_CODES.filter((code) => !code.endsWith("-empty")));
const corpus = corpusDir();
const missing = existsSync(corpus) ? false : `no corpus at ${corpus}`;

/** The field findings of a result, without severity and without the parser's leading `<path>: `. */
function fieldFindings(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics
    .filter((found) => compared.has(found.code))
    .map((found) => {
      const message = found.message.startsWith(`${found.path}: `)
        ? found.message.slice(found.path.length + 2)
        : found.message;
      return `${found.code} ${found.field}:${found.line} ${message}`;
    });
}

/** Files whose YAML only the lenient reader accepts (repaired, duplicate keys…) are read differently. */
const readDifferently = (diagnostics: readonly Diagnostic[]) =>
  diagnostics.some((found) => /^(yaml-|frontmatter-|missing-frontmatter|link-stub)/.test(found.code));

describe.skipIf(missing)(
  `lenient parsing and strict validation agree on the spec's field rules ${NEEDS_CORPUS}`,
  () => {
    it("on every file of the corpus", async () => {
      const disagreements: string[] = [];
      let checked = 0;
      let findings = 0;
      for (const file of listSkillFiles(corpus)) {
        const lenient = await parseSkillFile(file);
        const strict = await validateSkillFile(file);
        const parsed = [...lenient.diagnostics, ...(lenient.skill?.diagnostics ?? [])];
        if (readDifferently(parsed) || readDifferently(strict.diagnostics)) continue;
        checked++;
        const loading = [...new Set(fieldFindings(parsed))];
        const validating = fieldFindings(strict.diagnostics);
        findings += validating.length;
        if (loading.join("\n") !== validating.join("\n")) {
          disagreements.push(
            `${file}\n  lenient: ${loading.join(" | ")}\n  strict:  ${validating.join(" | ")}`,
          );
        }
        // Loading still loads: the same findings are warnings there.
        if (parsed.some((found) => compared.has(found.code) && found.severity !== "warning")) {
          disagreements.push(`${file}: a field rule is an error while loading`);
        }
      }
      expect(checked).toBeGreaterThan(1900);
      expect(findings).toBeGreaterThan(300);
      expect(disagreements).toEqual([]);
    }, 60_000);
  },
);
