import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { corpusDir, hasCorpus, listSkillFiles, NEEDS_CORPUS } from "../test/corpus.js";
import { collectSkillFiles } from "../validate/collect-skill-files.js";
import type { SkillAudit } from "./audit-finding.js";
import { findAuditRule } from "./audit-rules.js";
import { auditSkills } from "./audit-skill.js";

// Every finding over the labelled suite and the corpus, recorded in fixtures/expected-findings.json: a
// change to how the audit runs (the one-pass anchors, SPEC §17 speed) must not add or lose a single one.
// A change to a rule changes the record on purpose: SKILLSET_UPDATE_AUDIT_RECORD=1 rewrites it, and the
// diff is read in review.
const fixtures = fileURLToPath(new URL("fixtures", import.meta.url));
const recordPath = join(fixtures, "expected-findings.json");
const update = process.env.SKILLSET_UPDATE_AUDIT_RECORD === "1";

type Record = { [set: string]: { skills: number; findings: { [skill: string]: string[] } } };

/** Each skill with findings, one line per finding: severity, rule, place, evidence, and a `why` of its own. */
function summarize(audits: readonly SkillAudit[], root: string): Record[string] {
  const findings: Record[string]["findings"] = {};
  for (const audit of audits) {
    if (audit.findings.length === 0) continue;
    findings[relative(root, audit.dir).split("\\").join("/")] = audit.findings.map((finding) => {
      const own = finding.why === findAuditRule(finding.rule)?.why ? "" : ` — ${finding.why}`;
      return `${finding.severity} ${finding.rule} ${finding.file}:${finding.line ?? ""} ${finding.evidence}${own}`;
    });
  }
  return { skills: audits.length, findings };
}

/**
 * The audit of every skill under `root`, made both ways: each folder listed by the audit, and with the
 * listing the walk read (as `skillset audit` does, `collectSkillFiles` with `keepListings`): the same.
 */
async function auditTree(root: string): Promise<Record[string]> {
  const dirs = listSkillFiles(root).map((file) => ({ dir: dirname(file) }));
  const audits = await auditSkills(dirs);
  const { files } = await collectSkillFiles([root], { fs: nodeFileSystem, keepListings: true });
  const listed = files.filter((file) => file.listing !== undefined);
  expect(listed.length).toBeGreaterThanOrEqual(dirs.length);
  const byDir = new Map(
    (await auditSkills(listed.map((file) => ({ dir: dirname(file.path), listing: file.listing })))).map(
      (audit) => [audit.dir, audit],
    ),
  );
  for (const audit of audits) expect(byDir.get(audit.dir)).toEqual(audit);
  return summarize(audits, root);
}

function record(): Record {
  return existsSync(recordPath) ? JSON.parse(readFileSync(recordPath, "utf8")) : {};
}

function check(set: string, actual: Record[string]): void {
  if (update) {
    writeFileSync(recordPath, `${JSON.stringify({ ...record(), [set]: actual }, null, 1)}\n`);
    return;
  }
  expect(actual).toEqual(record()[set]);
}

describe("the audit's findings are the recorded ones", () => {
  it("over the labelled suite", async () => {
    check("labelled", await auditTree(fixtures));
  });

  it.skipIf(!hasCorpus())(
    `over the corpus (wild and official) ${NEEDS_CORPUS}`,
    { timeout: 120_000 },
    async () => {
      check("corpus", await auditTree(corpusDir()));
    },
  );
});
