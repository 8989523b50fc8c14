/**
 * @module What a new version of an installed skill changes, file by file (SPEC §14, §17): the files
 * added, removed and changed between the installed copy and the staged one, each changed or added file
 * marked with what the audit says about it — it runs (a script, or it gained the executable bit), the URLs
 * a script calls, the audit rules it trips. The marks come from the audit's findings and the risk summary
 * (`summarizeRisks`), never from rules of their own. A change is risky when an added or changed file runs,
 * calls a URL or trips a rule at `low` or worse; the approval then defaults to No.
 */
import { createHash } from "node:crypto";
import { type Dirent, lstatSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type AuditFinding, reaches, type SkillAudit } from "@skillset/core/audit";
import type { TreeFile } from "../apply/copy-skill-tree.js";
import { UNHASHED_FOLDERS } from "../digest/list-hashed-files.js";
import { summarizeRisks } from "./summarize-risks.js";

/** One file of a skill as compared: its `/`-separated path, a digest of its bytes, its permission bits. */
export interface ComparedFile {
  path: string;
  digest: string;
  mode: number;
}

/** One added, removed or changed file. */
export interface FileChange {
  path: string;
  kind: "added" | "removed" | "changed";
  /** The new file runs: a script by the risk summary's rule (scripts/, an extension, `#!`, an x bit). */
  runs: boolean;
  /** It gained an executable bit (it had none before, or is new with one). */
  becameExecutable: boolean;
  /** URLs the new file's scripts call (the audit's `script-url`). */
  urls: string[];
  /** Audit rules at `low` or worse that the new file trips, worst first. */
  rules: string[];
  /** Added or changed, and it runs, calls a URL or trips a rule. */
  risky: boolean;
}

/** Every change, sorted by path, and whether any is risky. */
export interface FileChanges {
  files: FileChange[];
  added: number;
  removed: number;
  changed: number;
  risky: boolean;
}

const EXECUTABLE = 0o111;

/** Any executable bit: what decides whether a file can run (its exact mode is the installer's choice). */
function isExecutable(file: ComparedFile): boolean {
  return (file.mode & EXECUTABLE) !== 0;
}

function digestOf(content: Buffer): string {
  return createHash("sha256").update(content).digest("hex");
}

/** The staged files as compared. */
export function comparedTree(files: readonly TreeFile[]): ComparedFile[] {
  return files.map((file) => ({ path: file.path, digest: digestOf(file.content), mode: file.mode }));
}

/**
 * The regular files of an installed skill folder, links never followed, `.git` and `node_modules` left
 * out, at most `limits.maxFiles` of them; none when the folder is not there. A file over
 * `limits.maxFileBytes` (edited in place since it was installed) is not read: no staged file can be that
 * large, so it is compared by a digest that matches nothing.
 */
export function readInstalledFiles(
  dir: string,
  limits: { maxFiles: number; maxFileBytes: number },
): ComparedFile[] {
  const found: ComparedFile[] = [];
  const visit = (folder: string, prefix: string) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= limits.maxFiles) return;
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      const full = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!UNHASHED_FOLDERS.has(entry.name)) visit(full, path);
      } else if (entry.isFile()) {
        try {
          const { mode, size } = lstatSync(full);
          const digest =
            size > limits.maxFileBytes ? `over the limit: ${size} bytes` : digestOf(readFileSync(full));
          found.push({ path, digest, mode });
        } catch {
          // Gone or unreadable since the listing: compared as absent.
        }
      }
    }
  };
  visit(dir, "");
  return found;
}

/**
 * The changes from `before` (the installed copy) to `after` (the staged one), marked with what `audit`
 * (of the staged copy) found in each new or changed file.
 */
export function compareSkillFiles(
  before: readonly ComparedFile[],
  after: readonly ComparedFile[],
  audit: Pick<SkillAudit, "findings">,
): FileChanges {
  const old = new Map(before.map((file) => [file.path, file]));
  const scripts = new Set(summarizeRisks(audit).scripts);
  const byFile = new Map<string, AuditFinding[]>();
  for (const finding of audit.findings)
    byFile.set(finding.file, [...(byFile.get(finding.file) ?? []), finding]);
  const files: FileChange[] = [];
  for (const file of after) {
    const previous = old.get(file.path);
    old.delete(file.path);
    if (previous && previous.digest === file.digest && isExecutable(previous) === isExecutable(file))
      continue;
    const findings = byFile.get(file.path) ?? [];
    const urls = [...new Set(findings.filter((f) => f.rule === "script-url").map((f) => f.evidence))];
    const rules = [...new Set(findings.filter((f) => reaches(f.severity, "low")).map((f) => f.rule))];
    const runs = scripts.has(file.path);
    const becameExecutable = isExecutable(file) && (!previous || !isExecutable(previous));
    files.push({
      path: file.path,
      kind: previous ? "changed" : "added",
      runs,
      becameExecutable,
      urls,
      rules,
      risky: runs || becameExecutable || urls.length > 0 || rules.length > 0,
    });
  }
  for (const file of old.values())
    files.push({
      path: file.path,
      kind: "removed",
      runs: false,
      becameExecutable: false,
      urls: [],
      rules: [],
      risky: false,
    });
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const count = (kind: FileChange["kind"]) => files.filter((file) => file.kind === kind).length;
  return {
    files,
    added: count("added"),
    removed: count("removed"),
    changed: count("changed"),
    risky: files.some((file) => file.risky),
  };
}
