import { describe, expect, it } from "vitest";
import { corpusDir } from "../test/corpus.js";
import { strictRules } from "./strict-rules.js";
import { validatePaths } from "./validate-paths.js";

describe("strictRules", () => {
  // SARIF and --help read the rule table; a finding whose code has no entry gets only a generic fix text.
  it("describes every code strict validation reports on the corpus", async () => {
    const reports = await validatePaths([corpusDir()], { mode: "strict" });
    const reported = new Set(reports.flatMap((report) => report.diagnostics.map((finding) => finding.code)));
    const described = new Set<string>(strictRules.map((rule) => rule.id));
    expect([...reported].filter((code) => !described.has(code)).sort()).toEqual([]);
  });
});
