import { describe, expect, it } from "vitest";
import { diagnostic } from "../model/diagnostic.js";
import { lintRules } from "./rules/index.js";
import { strictRules } from "./strict-rules.js";
import { SARIF_SCHEMA, toSarif } from "./to-sarif.js";
import type { ValidationReport } from "./validation-report.js";

const cwd = "/srv/project";
const reports: ValidationReport[] = [
  {
    path: "/srv/project/skills/pdf/SKILL.md",
    dir: "/srv/project/skills/pdf",
    name: "Pdf",
    valid: false,
    diagnostics: [
      diagnostic(
        "error",
        "name-uppercase",
        "Skill name 'Pdf' must be lowercase.",
        "/srv/project/skills/pdf/SKILL.md",
        {
          line: 2,
          column: 1,
          field: "name",
        },
      ),
      diagnostic("warning", "yaml-repaired", "Repaired.", "/srv/project/skills/pdf/SKILL.md", { line: 3 }),
      diagnostic("info", "missing-skill-file", "No SKILL.md.", "/elsewhere/my skill"),
    ],
  },
  {
    path: "/srv/project/skills/ok/SKILL.md",
    dir: "/srv/project/skills/ok",
    name: "ok",
    valid: true,
    diagnostics: [],
  },
];

describe("toSarif", () => {
  const log = toSarif(reports, {
    toolName: "skillset",
    version: "1.2.3",
    rules: [...strictRules, ...lintRules],
    cwd,
  });

  it("has the required top-level SARIF 2.1.0 properties", () => {
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.version).toBe("2.1.0");
    expect(log.runs).toHaveLength(1);
    const driver = log.runs[0]!.tool.driver;
    expect(driver).toMatchObject({ name: "skillset", version: "1.2.3" });
    // JSON round trip: only plain data.
    expect(JSON.parse(JSON.stringify(log))).toEqual(log);
  });

  it("describes every rule with a short description and the fix as help", () => {
    const rules = log.runs[0]!.tool.driver.rules;
    const uppercase = rules.find((rule) => rule.id === "name-uppercase");
    expect(uppercase).toEqual({
      id: "name-uppercase",
      shortDescription: { text: "The name is lowercase." },
      help: { text: "Lowercase the name and its folder." },
      defaultConfiguration: { level: "error" },
    });
    expect(rules.find((rule) => rule.id === "description-says-when")?.defaultConfiguration.level).toBe(
      "warning",
    );
    // A code that no descriptor names (from the parser) is added so ruleIndex stays valid.
    expect(rules.find((rule) => rule.id === "yaml-repaired")).toBeDefined();
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
  });

  it("has one result per diagnostic with level, message, relative URI and region", () => {
    const { results } = log.runs[0]!;
    const rules = log.runs[0]!.tool.driver.rules;
    expect(results.map((r) => [r.ruleId, r.level])).toEqual([
      ["name-uppercase", "error"],
      ["yaml-repaired", "warning"],
      ["missing-skill-file", "note"],
    ]);
    for (const result of results) {
      expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
      expect(result.message.text.length).toBeGreaterThan(0);
      expect(result.locations[0]?.physicalLocation.artifactLocation.uri).toBeTruthy();
    }
    expect(results[0]?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "skills/pdf/SKILL.md", uriBaseId: "%SRCROOT%" },
      region: { startLine: 2, startColumn: 1 },
    });
    expect(results[1]?.locations[0]?.physicalLocation.region).toEqual({ startLine: 3 });
    // Outside cwd: an absolute file URI, percent-encoded, no region.
    expect(results[2]?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: "file:///elsewhere/my%20skill" },
    });
    expect(log.runs[0]?.originalUriBaseIds).toEqual({ "%SRCROOT%": { uri: "file:///srv/project/" } });
  });
});
