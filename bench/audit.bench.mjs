// `skillset audit` over the corpus (SPEC §17): time per skill next to `validate --strict` over the same
// skills in the same run (both collect the skills the same way, then one reads and checks SKILL.md, the
// other reads every file of the skill and runs every audit rule). Target: audit ≤ 2× validate.

import { dirname, join } from "node:path";
import { auditSkills } from "@skillset/core/audit";
import { nodeFileSystem } from "@skillset/core/fs";
import { collectSkillFiles, validatePaths } from "@skillset/core/validate";
import { corpus, median, report } from "./make-tree.mjs";

const runs = Number(process.env.BENCH_RUNS ?? 5);
const trees = [join(corpus, "wild"), join(corpus, "official")];

let validated = 0;
const validate = await median(async () => {
  validated = (await validatePaths(trees, { mode: "strict" })).length;
}, runs);
let audited = 0;
let flagged = 0;
const audit = await median(async () => {
  const { files } = await collectSkillFiles(trees, { fs: nodeFileSystem });
  const audits = await auditSkills(files.map((file) => ({ dir: dirname(file.path) })));
  audited = audits.length;
  flagged = audits.filter((entry) =>
    entry.findings.some((finding) => ["medium", "high", "critical"].includes(finding.severity)),
  ).length;
}, runs);

report(`audit (${audited} skills) vs validate --strict`, audit, validate, 2);
console.log(
  `  per skill: audit ${((audit * 1000) / audited).toFixed(0)} µs, validate ${((validate * 1000) / validated).toFixed(0)} µs; ${flagged} flagged at medium or worse`,
);
