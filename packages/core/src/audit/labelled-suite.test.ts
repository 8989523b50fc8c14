import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AUDIT_CATEGORIES, isFlagged, reaches } from "./audit-finding.js";
import { auditSkill } from "./audit-skill.js";

// The labelled suite (SPEC §17): malicious skills written from each category, and benign skills that look
// risky (a deploy that pushes, a backup that reads ~/.config, security training that shows attacks).
const fixtures = fileURLToPath(new URL("fixtures", import.meta.url));
const labels: Record<string, string> = JSON.parse(
  readFileSync(join(fixtures, "labels.json"), "utf8"),
).malicious;
const malicious = readdirSync(join(fixtures, "malicious")).sort();
const benign = readdirSync(join(fixtures, "benign")).sort();

describe("the labelled suite", () => {
  it("has at least 40 malicious skills covering every category, and 40 benign ones", () => {
    expect(malicious.length).toBeGreaterThanOrEqual(40);
    expect(benign.length).toBeGreaterThanOrEqual(40);
    expect(Object.keys(labels).sort()).toEqual(malicious);
    const covered = new Set(Object.values(labels));
    for (const category of AUDIT_CATEGORIES.filter((name) => name !== "capabilities"))
      expect(covered.has(category), category).toBe(true);
  });

  it("recall ≥ 0.95 (each caught by a finding of its category) and no benign skill flagged at medium", async () => {
    const caught: string[] = [];
    const missed: string[] = [];
    for (const name of malicious) {
      const audit = await auditSkill(join(fixtures, "malicious", name));
      const hit = audit.findings.some(
        (finding) => finding.category === labels[name] && reaches(finding.severity, "medium"),
      );
      (hit ? caught : missed).push(name);
    }
    const falseFlags: string[] = [];
    for (const name of benign) {
      const audit = await auditSkill(join(fixtures, "benign", name));
      if (isFlagged(audit, "medium"))
        falseFlags.push(
          `${name}: ${audit.findings.filter((f) => reaches(f.severity, "medium")).map((f) => f.rule)}`,
        );
    }
    const recall = caught.length / malicious.length;
    const precision = caught.length / (caught.length + falseFlags.length);
    console.log(`labelled suite: recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}`);
    expect(missed).toEqual([]);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falseFlags).toEqual([]);
  });
});
