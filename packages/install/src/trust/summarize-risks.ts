/**
 * @module What a skill could do beyond being read, shown before it is installed (SPEC §14): the scripts it
 * ships, `allowed-tools` that widen access, shell preprocessing lines, hooks, and URLs its scripts call.
 * The audit finds these (its `capabilities` notes, SPEC §17); this is their summary for the review screen.
 */
import type { SkillAudit } from "@skillset/core/audit";

/** The findings, each a short list (empty when nothing of that kind). */
export interface RiskSummary {
  scripts: string[];
  /** `allowed-tools` entries that grant a shell or every tool without restriction. */
  broadTools: string[];
  /** SKILL.md lines with `!` + backtick preprocessing (run by some hosts when the skill loads). */
  shellLines: string[];
  hooks: string[];
  urls: string[];
}

/** Whether the summary lists anything at all. */
export function hasRisks(summary: RiskSummary): boolean {
  return Object.values(summary).some((list: string[]) => list.length > 0);
}

/**
 * The summary of an audit's capability notes. A script is a file under `scripts/`, with a script
 * extension, starting with `#!`, or with any executable bit (a binary such as a copied ELF `helper` runs
 * just as well).
 */
export function summarizeRisks(audit: Pick<SkillAudit, "findings">): RiskSummary {
  const of = (rule: string) => audit.findings.filter((finding) => finding.rule === rule);
  const unique = (items: string[]) => [...new Set(items)].sort();
  return {
    scripts: unique(of("bundled-script").map((finding) => finding.file)),
    broadTools: of("broad-allowed-tools").map((finding) => finding.evidence.replace(/^allowed-tools: /, "")),
    shellLines: of("shell-preprocessing").map(
      (finding) => `${finding.file}:${finding.line}: ${finding.evidence}`,
    ),
    hooks: of("hooks").map((finding) => finding.evidence.replace(/^hooks: /, "")),
    urls: unique(of("script-url").map((finding) => finding.evidence)).slice(0, 20),
  };
}
