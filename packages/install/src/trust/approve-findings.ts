/**
 * @module The audit's gate on `add` and `update` (SPEC §17): a staged skill with a finding at medium or
 * worse is installed only with explicit approval. A person at a prompt approves it; `--yes` approves
 * high and medium findings but never a critical one; `--allow-risk RULE` approves that rule's findings.
 */
import { type AuditFinding, reaches } from "@skillset/core/audit";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import type { InstallIo } from "../operations/install-io.js";
import type { Candidate } from "../operations/stage-candidates.js";

/** The severity from which a finding needs approval before its skill is installed. */
export const APPROVAL_SEVERITY = "medium";

/** The findings of `candidate` that need approval. */
export function flaggedFindings(candidate: Pick<Candidate, "examination">): AuditFinding[] {
  return candidate.examination.audit.findings.filter((finding) =>
    reaches(finding.severity, APPROVAL_SEVERITY),
  );
}

/**
 * Asks `io` to approve each candidate's flagged findings. Returns the names refused, each with the reason;
 * an empty list when every flagged skill was approved (or none was flagged).
 */
export async function approveFindings(
  candidates: readonly Candidate[],
  io: InstallIo,
): Promise<Array<{ name: string; reason: string }>> {
  const refused: Array<{ name: string; reason: string }> = [];
  for (const candidate of candidates) {
    const findings = flaggedFindings(candidate);
    if (findings.length === 0) continue;
    const approved = io.approveFindings
      ? await io.approveFindings(candidate, findings)
      : !findings.some((finding) => finding.severity === "critical") &&
        (await io.approve(`Install ${candidate.name} despite its audit findings?`));
    if (!approved) refused.push({ name: candidate.name, reason: refusal(findings) });
  }
  return refused;
}

/** Why a flagged skill was not installed, and how to approve it. */
function refusal(findings: readonly AuditFinding[]): string {
  const rules = [...new Set(findings.map((finding) => finding.rule))];
  const critical = findings.some((finding) => finding.severity === "critical");
  return `the audit flags it (${rules.join(", ")}); ${
    critical ? "--yes does not approve a critical finding: " : ""
  }approve each rule with --allow-risk RULE after reading the findings (skillset audit shows them)`;
}

/** Throws `install-risk-not-approved` naming every refused skill (for `add`, which installs all or nothing). */
export function throwIfRefused(refused: ReadonlyArray<{ name: string; reason: string }>): void {
  if (refused.length === 0) return;
  throw new SkillsetError(
    "install-risk-not-approved",
    `Not approved; nothing was installed.\n${refused
      .map(({ name, reason }) => `  ${inertForTerminal(name)}: ${reason}`)
      .join("\n")}`,
  );
}
