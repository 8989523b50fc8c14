/**
 * @module The gate every new or changed skill passes before anything is written to its final place:
 * strict validation, lint, digests and the audit (SPEC §17) of the staged copy, with its risk summary.
 */
import { join } from "node:path";
import { auditSkill, type SkillAudit } from "@skillset/core/audit";
import type { Diagnostic } from "@skillset/core/model";
import { lintSkillFiles, validateSkillDir } from "@skillset/core/validate";
import type { SkillTree } from "../apply/copy-skill-tree.js";
import { skillDigests } from "../digest/hash-skill-folder.js";
import { vercelCopyIntegrity } from "../digest/vercel-copy.js";
import { type RiskSummary, summarizeRisks } from "./summarize-risks.js";
import { treeFileSystem } from "./tree-file-system.js";

/**
 * Strict findings that do not refuse a skill: fields beyond the specification that skillset does not read
 * (those it honours, `hooks`, `argument-hint`, …, are `extension-field` notes); the risk summary shows the
 * ones that matter.
 */
const TOLERATED = new Set(["unexpected-fields"]);

/** What is known about a staged skill. */
export interface Examination {
  computedHash: string;
  integrity: string;
  /** `integrity` of what vercel's CLI installs from this skill (`vercel-copy.ts`). */
  vercelCopyIntegrity: string;
  /** Errors from strict validation or lint: any one refuses the skill. */
  errors: Diagnostic[];
  /** Warnings, and notes (`info`: the extension fields skillset honours). */
  warnings: Diagnostic[];
  /** What the skill does (SPEC §17): a finding at medium or worse needs approval before it is installed. */
  audit: SkillAudit;
  risks: RiskSummary;
}

/** Examines the staged folder `dir`, whose files are `tree` (as `copySkillTree` wrote them). */
export async function examineSkill(
  dir: string,
  tree: SkillTree,
  options: { specOnly?: boolean } = {},
): Promise<Examination> {
  const { files } = tree;
  const fs = treeFileSystem(dir, tree);
  const skillFile = join(dir, "SKILL.md");
  const [strict, linted, audit] = await Promise.all([
    validateSkillDir(dir, { mode: "strict", fs, specOnly: options.specOnly === true }),
    lintSkillFiles([skillFile], { fs, specOnly: options.specOnly === true }),
    auditSkill(dir, { fs }),
  ]);
  const diagnostics = [...strict.diagnostics, ...linted.flatMap((report) => report.diagnostics)];
  const seen = new Set<string>();
  const unique = diagnostics.filter((finding) => {
    const key = `${finding.code}\u0000${finding.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const digests = skillDigests(files);
  return {
    ...digests,
    vercelCopyIntegrity: vercelCopyIntegrity(files, digests.integrity),
    errors: unique.filter((finding) => finding.severity === "error" && !TOLERATED.has(finding.code)),
    warnings: unique.filter((finding) => finding.severity !== "error" || TOLERATED.has(finding.code)),
    audit,
    risks: summarizeRisks(audit),
  };
}
