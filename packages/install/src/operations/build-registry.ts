/**
 * @module `registry build`: a static `.well-known/skills/index.json` (the discovery layout with a `files`
 * list per skill) and the files beside it, servable by any web server or CDN. Every skill is checked
 * (strictly validated, linted, copied with the same path and size rules as an install) first.
 */
import { statSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import { copySkillTree } from "../apply/copy-skill-tree.js";
import { type InstallLimits, resolveLimits } from "../limits.js";
import { assertFolderName, shownName, skillFolder } from "../lock/skill-folder-name.js";
import { findSourceSkills } from "../source/find-source-skills.js";
import { loadExaminer } from "../trust/load-examiner.js";

export interface BuiltSkill {
  name: string;
  description: string;
  files: string[];
  integrity: string;
}

/** Builds the index for every skill under `dir` into `out`; throws `install-invalid-skill` on any failure. */
export async function buildRegistry(options: {
  dir: string;
  out: string;
  limits?: Partial<InstallLimits>;
  env?: Record<string, string | undefined>;
}): Promise<{ indexPath: string; skills: BuiltSkill[] }> {
  const limits = resolveLimits(options.limits);
  const found = statSync(options.dir, { throwIfNoEntry: false });
  if (!found?.isDirectory())
    throw new SkillsetError(
      "install-no-skills",
      `${options.dir} is ${found ? "a file" : "not there"}: registry build takes a folder of skills (each in a folder with its SKILL.md). Pass that folder.`,
    );
  const { examineSkill } = await loadExaminer();
  const skills = await findSourceSkills(options.dir);
  if (skills.length === 0)
    throw new SkillsetError(
      "install-no-skills",
      `No skills under ${options.dir}: no folder holds a SKILL.md.`,
    );
  // Checked before the scratch folder exists: a name becomes a folder both there and under `out`.
  for (const skill of skills) assertFolderName(skill.name, `folder ${skill.path} in ${options.dir}`);
  const names = skills.map((skill) => skill.name);
  const duplicate = names.find((name, index) => names.indexOf(name) !== index);
  if (duplicate)
    throw new SkillsetError(
      "install-duplicate-name",
      `Two skills under ${options.dir} are named ${shownName(duplicate)}; rename one (its \`name\` in SKILL.md).`,
    );
  const scratch = await mkdtemp(join(options.env?.TMPDIR ?? tmpdir(), "skillset-registry-"));
  const root = join(options.out, ".well-known", "skills");
  try {
    const built: BuiltSkill[] = [];
    const problems: string[] = [];
    for (const skill of skills) {
      const copy = skillFolder(scratch, skill.name, `folder ${skill.path} in ${options.dir}`);
      const tree = copySkillTree(skill.dir, copy, limits, `skill ${skill.name} (${skill.path})`);
      const examination = await examineSkill(copy, tree);
      for (const error of examination.errors)
        problems.push(
          `  ${inertForTerminal(skill.name)} (${inertForTerminal(skill.path)}): ${inertForTerminal(error.message)} [${error.code}]`,
        );
      const files = tree.files.map((file) => file.path).sort();
      built.push({
        name: skill.name,
        description: skill.description,
        files,
        integrity: examination.integrity,
      });
    }
    if (problems.length > 0)
      throw new SkillsetError(
        "install-invalid-skill",
        `Not published: skills fail strict validation or lint.\n${problems.join("\n")}`,
      );
    await mkdir(root, { recursive: true });
    for (const entry of await readdir(root)) await rm(join(root, entry), { recursive: true, force: true });
    for (const skill of built) {
      const where = `published from ${options.dir}`;
      await cp(skillFolder(scratch, skill.name, where), skillFolder(root, skill.name, where), {
        recursive: true,
      });
    }
    const index = { skills: built.map(({ name, description, files }) => ({ name, description, files })) };
    const indexPath = join(root, "index.json");
    await writeFile(indexPath, `${JSON.stringify(index, null, 2)}\n`);
    return { indexPath, skills: built };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
