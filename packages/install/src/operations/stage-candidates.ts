/**
 * @module Copies picked skills from a fetched source into the staging area and examines each copy, so
 * that what is judged is exactly what will be installed.
 */
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import { discardStaged, stagingContainer } from "../apply/commit-changes.js";
import { copySkillTree } from "../apply/copy-skill-tree.js";
import type { InstallLimits } from "../limits.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { assertFolderName, skillFolder } from "../lock/skill-folder-name.js";
import type { FetchedSource } from "../source/fetch-source.js";
import type { SourceSkill } from "../source/find-source-skills.js";
import type { Examination } from "../trust/examine-skill.js";
import {
  comparedTree,
  compareSkillFiles,
  type FileChanges,
  readInstalledFiles,
} from "../trust/file-changes.js";
import { loadExaminer } from "../trust/load-examiner.js";
import { hasRisks } from "../trust/summarize-risks.js";

/** A skill staged and examined, with the lock entry it would get. */
export interface Candidate {
  name: string;
  skill: SourceSkill;
  staged: string;
  examination: Examination;
  entry: LockEntry;
  /** The lock entry it replaces, if any. */
  previous?: LockEntry;
  /** Where it goes. */
  target: string;
  /** What it changes, file by file, when a copy is installed at `target` already. */
  changes?: FileChanges;
}

/**
 * Whether approving `candidate` should default to No: an added or changed file runs, calls a URL or trips
 * an audit rule, or (nothing installed to compare with) the skill ships anything the risk summary lists.
 */
export function changesRisk(candidate: Candidate): boolean {
  return candidate.changes ? candidate.changes.risky : hasRisks(candidate.examination.risks);
}

/**
 * Stages `skills` side by side in one fresh staging folder; throws `install-invalid-skill` (after removing
 * every staged copy) when any fails strict validation or lint, naming each finding. With `move` (the
 * fetched files are skillset's own temp copy), plain skill folders are moved there rather than copied.
 */
export async function stageCandidates(
  fetched: FetchedSource,
  skills: readonly SourceSkill[],
  scope: InstallScope,
  limits: InstallLimits,
  entryFields: (skill: SourceSkill) => Omit<LockEntry, "computedHash" | "integrity">,
  options: { move?: boolean; specOnly?: boolean } = {},
): Promise<Candidate[]> {
  // Every name is checked before anything is staged: a name like `../../.git/hooks` must not reach a path.
  const where = (skill: SourceSkill) => `folder ${skill.path} in ${fetched.spec.source}`;
  for (const skill of skills) assertFolderName(skill.name, where(skill));
  const { examineSkill } = await loadExaminer();
  const container = await stagingContainer(scope);
  try {
    // One skill at a time: its bytes are held only until it is examined (copying is synchronous, and the
    // examination reads those bytes, not the disk).
    const candidates: Candidate[] = [];
    for (const skill of skills) {
      const staged = skillFolder(container, skill.name, where(skill));
      const tree = copySkillTree(skill.dir, staged, limits, `skill ${skill.name} (${where(skill)})`, options);
      const examination = await examineSkill(staged, tree, { specOnly: options.specOnly === true });
      const target = skillFolder(scope.skillsDir, skill.name, where(skill));
      const candidate: Candidate = {
        name: skill.name,
        skill,
        staged,
        examination,
        entry: {
          ...entryFields(skill),
          computedHash: examination.computedHash,
          integrity: examination.integrity,
        },
        target,
      };
      // The installed copy, file by file, against what would replace it (shown before approval).
      if (existsSync(target))
        candidate.changes = compareSkillFiles(
          readInstalledFiles(target, limits),
          comparedTree(tree.files),
          examination.audit,
        );
      candidates.push(candidate);
    }
    const failing = candidates.filter((candidate) => candidate.examination.errors.length > 0);
    if (failing.length > 0) {
      // Messages name the staged copy, which is gone once this throws: they name the file in the source.
      // Strict validation and lint may both report one problem of one field: it is said once.
      const lines = failing.flatMap((candidate) => {
        const said = new Set<string>();
        return candidate.examination.errors.flatMap((error) => {
          const message = error.message.split(candidate.staged).join(candidate.skill.path);
          const key = `${error.code}\u0000${error.field ?? message}`;
          if (said.has(key)) return [];
          said.add(key);
          return [
            `  ${inertForTerminal(candidate.name)} (${inertForTerminal(candidate.skill.path)}): ${inertForTerminal(message)} [${error.code}]`,
          ];
        });
      });
      throw new SkillsetError(
        "install-invalid-skill",
        `Refused: ${failing.length === 1 ? "a skill fails" : `${failing.length} skills fail`} strict validation or lint; nothing was installed. Paths are in ${inertForTerminal(fetched.spec.source)}.\n${lines.join("\n")}`,
      );
    }
    return candidates;
  } catch (error) {
    await discardStaged(scope, container);
    throw error;
  }
}

/** Removes staged copies that will not be committed. */
export async function discardCandidates(
  scope: InstallScope,
  candidates: readonly Candidate[],
): Promise<void> {
  const containers = new Set(candidates.map((candidate) => dirname(candidate.staged)));
  for (const container of containers) await discardStaged(scope, container);
}
