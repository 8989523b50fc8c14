// `skillset validate --strict` over 16,000 real skills: find every SKILL.md, read it, parse it (strict) and
// apply the specification's rules. Compared with the floor measured in the same run: a plain walk of the
// same tree reading the same bytes. Target ≤ 3× the floor, and ≥ 15× faster per skill than the Python
// reference validator (~1.4 ms per skill), i.e. ≤ ~93 µs per skill.
import {
  findSkillFiles,
  nodeFileSystem,
  readSkillDocument,
  validateFrontmatter,
  validatePaths,
} from "../packages/core/dist/index.js";
import { floorWalkAndRead, median, nestedWildTree, report } from "./make-tree.mjs";

const root = nestedWildTree(8);
const fs = nodeFileSystem;
const runs = Number(process.env.BENCH_RUNS ?? 5);

let checked = 0;
let invalid = 0;
const ours = await median(async () => {
  const reports = await validatePaths([root], { mode: "strict" });
  checked = reports.length;
  invalid = reports.filter((r) => !r.valid).length;
}, runs);
let floorFiles = 0;
const floor = await median(() => {
  floorFiles = floorWalkAndRead(root)[1];
}, runs);

report(`validate --strict (${checked} skills)`, ours, floor, 3);
const perSkill = (ours * 1000) / checked;
const python = 1400;
console.log(
  `  per skill ${perSkill.toFixed(1)} µs (Python skills-ref ≈ ${python} µs: ${(python / perSkill).toFixed(0)}× faster; target ≥ 15×, ≤ 93 µs)` +
    `  ${perSkill <= python / 15 ? "ok" : "OVER target"}`,
);
console.log(`  ${invalid} of ${checked} skills have strict errors; the floor read ${floorFiles} files`);

// Where the time goes: finding files, reading + parsing, and the spec rules alone.
let files = [];
const find = await median(async () => {
  files = (await findSkillFiles(root, { fs })).files;
}, runs);
const parsedDocs = [];
const readParse = await median(async () => {
  parsedDocs.length = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++];
      parsedDocs.push(await readSkillDocument(file, { fs, mode: "strict" }));
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}, runs);
const rules = await median(() => {
  for (const { path, dir, parsed } of parsedDocs) {
    const raw = parsed?.document.raw;
    if (raw) validateFrontmatter(raw, { path, dirName: dir.slice(dir.lastIndexOf("/") + 1), keyLines: parsed.document.keyLines });
  }
}, runs);
console.log(
  `  breakdown: find ${find.toFixed(1)} ms, read + parse ${readParse.toFixed(1)} ms, spec rules ${rules.toFixed(1)} ms`,
);
