/**
 * @module The audit of a skill folder (SPEC §17): read its files (bounded), parse its frontmatter, run every
 * rule, and sort what they find. Offline and deterministic: the same folder gives the same findings.
 */
import { join } from "node:path";
import type { DirEntry, FileSystem } from "../fs/file-system.js";
import { mapConcurrently } from "../fs/map-concurrently.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { ownCopy } from "../model/own-copy.js";
import { readFrontmatter } from "../parser/parse-skill-text.js";
import { type AuditFinding, type SkillAudit, severityRank } from "./audit-finding.js";
import { type AuditRule, evidence, toFinding } from "./audit-rule.js";
import { AUDIT_RULES } from "./audit-rules.js";
import {
  type AuditFile,
  type AuditFiles,
  type AuditReadLimits,
  auditFileOf,
  DEFAULT_AUDIT_LIMITS,
  readAuditFiles,
  scannedBytes,
} from "./read-audit-files.js";
import { buildContext, isScript } from "./scan-context.js";

/** Options of {@link auditSkill}. */
export interface AuditOptions {
  fs?: FileSystem;
  limits?: Partial<AuditReadLimits>;
  /** The rules to run (default every rule). */
  rules?: readonly AuditRule[];
}

/**
 * Audits the skill in folder `dir` (its SKILL.md and every bundled file). Never throws for what the folder
 * holds: files that cannot be scanned are listed in `files.skipped` and noted as `unscanned-file`.
 * @example const { findings } = await auditSkill("/path/to/skill");
 */
export function auditSkill(dir: string, options: AuditOptions = {}): Promise<SkillAudit> {
  return auditFolder(dir, undefined, options);
}

/** {@link auditSkill}, with the folder's entries when a walk has just read them. */
async function auditFolder(
  dir: string,
  listing: readonly DirEntry[] | undefined,
  options: AuditOptions,
): Promise<SkillAudit> {
  const fs = options.fs ?? nodeFileSystem;
  const read = await readAuditFiles(dir, fs, { ...DEFAULT_AUDIT_LIMITS, ...options.limits }, listing);
  return auditRead(dir, join(dir, "SKILL.md"), read, options.rules);
}

/**
 * Audits a skill whose files are already in hand (a remote skill's, fetched and verified before anyone
 * approves it, SPEC §16): `files` are relative `/`-separated paths with their bytes; `dir` and `path` name
 * the skill in the result (`mcp://label/…`).
 */
export function auditSkillBytes(
  dir: string,
  path: string,
  files: ReadonlyArray<{ path: string; bytes: Uint8Array }>,
  options: Pick<AuditOptions, "limits" | "rules"> = {},
): SkillAudit {
  const limits = { ...DEFAULT_AUDIT_LIMITS, ...options.limits };
  const read: AuditFiles = { files: [], skipped: [] };
  let total = 0;
  for (const file of files) {
    if (read.files.length + read.skipped.length >= limits.maxFiles) {
      read.skipped.push({
        file: file.path,
        reason: `more than ${limits.maxFiles} files; the rest are not scanned`,
      });
      break;
    }
    if (total + file.bytes.length > limits.maxTotalBytes) {
      read.skipped.push({
        file: file.path,
        reason: `the skill holds more than ${limits.maxTotalBytes} bytes of text`,
      });
      continue;
    }
    const entry = auditFileOf(file.path, file.bytes, 0o644, limits);
    if ("reason" in entry) read.skipped.push({ file: file.path, reason: entry.reason });
    else {
      total += scannedBytes(entry, limits);
      read.files.push(entry);
    }
  }
  return auditRead(dir, path, read, options.rules);
}

/** The audit of files read, with a note for each file left unscanned. */
function auditRead(
  dir: string,
  path: string,
  { files, skipped }: AuditFiles,
  rules: readonly AuditRule[] | undefined,
): SkillAudit {
  const audit = auditFiles(files, rules);
  for (const { file, reason } of skipped) {
    // A script the skill ships that was not read (too large, over the total, unreadable) cannot be called
    // clean; a link out of the folder or a special file is left out on purpose and only noted.
    const script = isScript(file, 0, undefined) && !/\blink\b|not a regular file/.test(reason);
    audit.findings.push({
      rule: "unscanned-file",
      category: "capabilities",
      severity: script ? "medium" : "info",
      file,
      evidence: evidence(`${file}: ${reason}`),
      why: script
        ? "The audit did not read this script, so nothing it found or did not find covers what the script does."
        : "The audit did not read this file, so it says nothing about it.",
      check: script
        ? "Read the script yourself before the skill runs it, or ask the author why it is this large."
        : "Look at the file yourself if the skill uses it.",
    });
  }
  for (const file of files)
    if (file.truncated)
      audit.findings.push({
        rule: "unscanned-file",
        category: "capabilities",
        severity: "medium",
        file: file.path,
        evidence: evidence(
          `${file.path}: ${file.size} bytes, only the first ${file.text!.length} characters scanned`,
        ),
        why: "The audit read only the start of this script; the rest runs too and could do anything.",
        check: "Read the rest of the script yourself, or ask the author why a skill's script is this large.",
      });
  sortFindings(audit.findings);
  return {
    dir,
    path,
    ...(audit.name === undefined ? {} : { name: audit.name }),
    findings: audit.findings,
    files: { scanned: files.filter((file) => file.text !== undefined).length, skipped },
  };
}

/** Runs the rules over files already read (`SKILL.md` among them); for callers holding the bytes. */
export function auditFiles(
  files: readonly AuditFile[],
  rules: readonly AuditRule[] = AUDIT_RULES,
): { name?: string; findings: AuditFinding[] } {
  const skill = files.find((file) => file.path === "SKILL.md" || file.path.toLowerCase() === "skill.md");
  const frontmatter = skill?.text === undefined ? undefined : readFrontmatter(skill.text, "/skill/SKILL.md");
  const context = buildContext(files, frontmatter);
  const findings: AuditFinding[] = [];
  const seen = new Set<string>();
  for (const rule of rules) {
    for (const hit of rule.run(context)) {
      const finding = toFinding(rule, hit);
      const key = `${finding.rule}\u0000${finding.file}\u0000${finding.line ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(finding);
    }
  }
  sortFindings(findings);
  const audit: { name?: string; findings: AuditFinding[] } = { findings };
  // The name outlives the files: a copy, not a view into SKILL.md's whole text.
  if (context.name !== undefined) audit.name = ownCopy(context.name);
  return audit;
}

/** Worst first, then by file, line and rule. */
function sortFindings(findings: AuditFinding[]): void {
  findings.sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0),
  );
}

/**
 * A skill to audit: a registry entry (`{ skill }`), a skill, or just its folder (`{ dir }`), with the
 * folder's entries when a walk has just listed it (`collectSkillFiles` with `keepListings`).
 */
export type AuditEntry = { dir: string; listing?: readonly DirEntry[] } | { skill: { dir: string } };

/** Audits each entry's folder, a few at a time, in the given order. */
export function auditSkills(
  entries: readonly AuditEntry[],
  options: AuditOptions & { concurrency?: number } = {},
): Promise<SkillAudit[]> {
  return mapConcurrently(entries, options.concurrency ?? 8, (entry) =>
    "skill" in entry
      ? auditFolder(entry.skill.dir, undefined, options)
      : auditFolder(entry.dir, entry.listing, options),
  );
}
