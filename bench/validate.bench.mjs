// `skillset validate --strict` over 16,000 real skills: find every SKILL.md, read it, parse it (strict) and
// apply the specification's rules. Compared with the floor measured in the same run: a plain walk of the
// same tree reading the same bytes. Target ≤ 3× the floor, and ≥ 15× faster per skill than the Python
// reference validator (~1.4 ms per skill), i.e. ≤ ~93 µs per skill.

import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { nodeFileSystem } from "@skillset/core/fs";
import { SKILL_HEAD_BYTES } from "@skillset/core/parser";
import {
  collectSkillFiles,
  readSkillDocumentSync,
  validateFrontmatter,
  validatePaths,
} from "@skillset/core/validate";
import { floorWalkAndRead, median, nestedWildTree, report } from "./make-tree.mjs";

/**
 * `floorWalkAndRead` skips hidden folders like discovery does; validate checks every SKILL.md under the
 * path (`.claude/skills` included), so the fair floor reads the same files: hidden folders too.
 */
function floorSameFiles(root) {
  let files = 0;
  const visit = (dir) => {
    let skill;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) {
        if (e.name !== ".git" && e.name !== "node_modules") visit(join(dir, e.name));
      } else if (e.name === "SKILL.md") skill = e.name;
    }
    if (skill) {
      readFileSync(join(dir, skill));
      files++;
    }
  };
  visit(root);
  return files;
}

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
  floorFiles = floorSameFiles(root);
}, runs);
let discoveryFiles = 0;
const discoveryFloor = await median(() => {
  discoveryFiles = floorWalkAndRead(root)[1];
}, runs);

report(`validate --strict (${checked} skills)`, ours, floor, 3);
console.log(
  `  floor = walk + read the same ${floorFiles} files; floorWalkAndRead (hidden folders skipped, ${discoveryFiles} files) ${discoveryFloor.toFixed(1)} ms`,
);
const perSkill = (ours * 1000) / checked;
const python = 1400;
console.log(
  `  per skill ${perSkill.toFixed(1)} µs (Python skills-ref ≈ ${python} µs: ${(python / perSkill).toFixed(0)}× faster; target ≥ 15×, ≤ 93 µs)` +
    `  ${perSkill <= python / 15 ? "ok" : "OVER target"}`,
);
console.log(`  ${invalid} of ${checked} skills have strict errors`);

// Where the time goes, done the way validate does it (synchronous reads on the node file system):
// finding files; reading them (a head read of up to SKILL_HEAD_BYTES, the whole file for all but the
// largest, and a stat when the head is full); reading, decoding the frontmatter and parsing it (strict);
// and the spec rules alone.
let files = [];
const find = await median(async () => {
  files = (await collectSkillFiles([root], { fs })).files.map((file) => file.path);
}, runs);
const read = await median(() => {
  for (const file of files) {
    if (fs.readHeadSync(file, SKILL_HEAD_BYTES).length === SKILL_HEAD_BYTES) fs.statSync(file);
  }
}, runs);
const parsed = new Array(files.length);
const readAndParse = await median(() => {
  for (let index = 0; index < files.length; index++) {
    parsed[index] = readSkillDocumentSync(files[index], {
      fs,
      mode: "strict",
      body: false,
      linkChecked: true,
    }).parsed;
  }
}, runs);
const rules = await median(() => {
  for (let index = 0; index < files.length; index++) {
    const document = parsed[index]?.document;
    const dir = dirname(files[index]);
    if (document?.raw)
      validateFrontmatter(document.raw, {
        path: files[index],
        dirName: basename(dir),
        keyLines: document.keyLines,
      });
  }
}, runs);
console.log(
  `  breakdown: find ${find.toFixed(1)} ms, read ${read.toFixed(1)} ms, decode + parse ${(readAndParse - read).toFixed(1)} ms` +
    ` (read + decode + parse ${readAndParse.toFixed(1)} ms), spec rules ${rules.toFixed(1)} ms` +
    ` (${((rules * 1000) / files.length).toFixed(1)} µs per skill)`,
);
