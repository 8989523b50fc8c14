/**
 * @module `skillset audit` (SPEC §17): collects the skills as `validate` does, audits each, prints text,
 * `--json` or SARIF, and exits 1 when a skill is flagged at `--fail-on`.
 */
import { dirname } from "node:path";
import {
  AUDIT_SEVERITIES,
  type AuditSeverity,
  auditSarif,
  auditSkills,
  isAuditSeverity,
  isFlagged,
  type SkillAudit,
} from "@skillset/core/audit";
import { nodeFileSystem } from "@skillset/core/fs";
import { inertForTerminal } from "@skillset/core/model";
import { collectSkillFiles } from "@skillset/core/validate";
import { formatAudit } from "../audit-text.js";
import { checkTargets } from "../check-targets.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { followsExternalLinks } from "../config-flags.js";
import { versioned, writeJson } from "../json/write-json.js";
import { reportFormat } from "../print-reports.js";
import { skillsetVersion } from "../version.js";

/** The `--fail-on` severity (default medium); anything else is a usage error naming the choices. */
export function failOn(context: CommandContext): AuditSeverity {
  const value = context.values["fail-on"];
  if (value === undefined) return "medium";
  if (typeof value === "string" && isAuditSeverity(value)) return value;
  throw new UsageError(
    `--fail-on takes one of ${AUDIT_SEVERITIES.join(", ")}, not '${inertForTerminal(String(value))}'`,
  );
}

/** The `--json` document (schemas/cli-output.schema.json#/$defs/audit). */
export function auditJson(audits: readonly SkillAudit[], threshold: AuditSeverity) {
  return versioned({
    skills: audits.map((audit) => ({
      path: audit.path,
      ...(audit.name === undefined ? {} : { name: audit.name }),
      verdict: isFlagged(audit, threshold) ? ("flagged" as const) : ("clean" as const),
      findings: audit.findings,
    })),
  });
}

export async function run(context: CommandContext): Promise<number> {
  const format = reportFormat(context.values);
  const threshold = failOn(context);
  const given = context.positionals.length > 0;
  const { paths, limits } = await checkTargets(context);
  const { files, problems } = await collectSkillFiles(paths, {
    fs: nodeFileSystem,
    followExternalLinks: followsExternalLinks(context),
    ...(limits === undefined ? {} : { limits }),
    // The walk has just listed each skill folder: the audit takes that listing rather than reading it again.
    keepListings: true,
    // A linked SKILL.md is audited wherever it leads, as long as it leads to a file named SKILL.md.
    skillFileLinksAnywhere: true,
  });
  // A path that is not there (or holds no skill) is a mistake in the command line; the project having
  // no skills yet is not.
  const unusable = problems
    .flatMap((report) => report.diagnostics)
    .filter((found) => found.severity === "error");
  if (given && unusable.length > 0) throw new UsageError(unusable.map((found) => found.message).join("\n"));
  const audits = await auditSkills(
    files.map((file) => ({ dir: dirname(file.path), ...(file.listing ? { listing: file.listing } : {}) })),
  );
  if (format === "json") writeJson(context.stdout, auditJson(audits, threshold));
  else if (format === "sarif")
    context.stdout.write(
      `${JSON.stringify(auditSarif(audits, { version: skillsetVersion(), cwd: context.cwd }), null, 2)}\n`,
    );
  else context.stdout.write(formatAudit(audits, { threshold, cwd: context.cwd, color: context.color }));
  return audits.some((audit) => isFlagged(audit, threshold)) ? EXIT_FINDINGS : EXIT_OK;
}
