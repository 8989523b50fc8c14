import type { AuditFinding, AuditSeverity } from "@skillset/core/audit";
import { describe, expect, it } from "vitest";
import type { Candidate } from "../operations/stage-candidates.js";
import { testIo } from "../testing/test-io.js";
import { approveFindings, throwIfRefused } from "./approve-findings.js";

function candidate(name: string, ...severities: AuditSeverity[]): Candidate {
  const findings = severities.map(
    (severity): AuditFinding => ({
      rule: `rule-${severity}`,
      category: "execution",
      severity,
      file: "SKILL.md",
      evidence: "x",
      why: "w",
      check: "c",
    }),
  );
  return { name, examination: { audit: { findings } } } as unknown as Candidate;
}

describe("approveFindings", () => {
  it("asks only for skills with a finding at medium or worse", async () => {
    const io = testIo({ approve: false });
    expect(await approveFindings([candidate("calm", "low", "info")], io)).toEqual([]);
    expect(io.questions).toEqual([]);
    const refused = await approveFindings([candidate("loud", "medium")], io);
    expect(refused.map((entry) => entry.name)).toEqual(["loud"]);
    expect(io.questions).toEqual(["Install loud despite its audit findings?"]);
  });

  it("without approveFindings, a plain yes approves high findings but never a critical one", async () => {
    const io = testIo({ approve: true });
    expect(await approveFindings([candidate("high", "high")], io)).toEqual([]);
    const refused = await approveFindings([candidate("crit", "critical")], io);
    expect(refused[0]?.reason).toContain("--yes does not approve a critical finding");
    expect(() => throwIfRefused(refused)).toThrow(
      /Not approved; nothing was installed\.\n {2}crit: the audit flags it \(rule-critical\)/,
    );
  });

  it("an io that answers approveFindings decides, critical included", async () => {
    const io = { ...testIo(), approveFindings: async () => true };
    expect(await approveFindings([candidate("crit", "critical")], io)).toEqual([]);
  });
});
