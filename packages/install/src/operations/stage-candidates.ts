/**
 * @module Copies picked skills from a fetched source into the staging area and examines each copy, so
 * that what is judged is exactly what will be installed.
 */
import { join } from "node:path";
import { mapConcurrently } from "@skillset/core/fs";
import { SkillsetError } from "@skillset/core/model";
import { discardStaged, stagingFolder } from "../apply/commit-changes.js";
import { copySkillTree } from "../apply/copy-skill-tree.js";
import type { InstallLimits } from "../limits.js";
import type { InstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import type { FetchedSource } from "../source/fetch-source.js";
import type { SourceSkill } from "../source/find-source-skills.js";
import { type Examination, examineSkill } from "../trust/examine-skill.js";

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
}

/**
 * Stages `skills`; throws `install-invalid-skill` (after removing every staged copy) when any fails
 * strict validation or lint, naming each finding.
 */
export async function stageCandidates(
  fetched: FetchedSource,
  skills: readonly SourceSkill[],
  scope: InstallScope,
  limits: InstallLimits,
  entryFields: (skill: SourceSkill) => Omit<LockEntry, "computedHash" | "integrity">,
): Promise<Candidate[]> {
  const candidates: Candidate[] = [];
  try {
    // Skills are independent: staged a few at a time, so file work overlaps. Every one finishes before
    // the first failure is thrown, so nothing is still being written when the copies are discarded.
    let failure: unknown;
    await mapConcurrently(skills, 8, async (skill) => {
      if (failure) return;
      const staged = await stagingFolder(scope, skill.name);
      try {
        await copySkillTree(
          skill.dir,
          staged,
          limits,
          `skill ${skill.name} (${skill.path} in ${fetched.spec.source})`,
        );
        const examination = await examineSkill(staged);
        const entry: LockEntry = {
          ...entryFields(skill),
          computedHash: examination.computedHash,
          integrity: examination.integrity,
        };
        candidates.push({
          name: skill.name,
          skill,
          staged,
          examination,
          entry,
          target: join(scope.skillsDir, skill.name),
        });
      } catch (error) {
        failure ??= error;
        await discardStaged(staged);
      }
    });
    if (failure) throw failure;
    candidates.sort((left, right) => skills.indexOf(left.skill) - skills.indexOf(right.skill));
    const failing = candidates.filter((candidate) => candidate.examination.errors.length > 0);
    if (failing.length > 0) {
      const lines = failing.flatMap((candidate) =>
        candidate.examination.errors.map(
          (error) => `  ${candidate.name} (${candidate.skill.path}): ${error.message} [${error.code}]`,
        ),
      );
      throw new SkillsetError(
        "install-invalid-skill",
        `Refused: ${failing.length === 1 ? "a skill fails" : `${failing.length} skills fail`} strict validation or lint; nothing was installed.\n${lines.join("\n")}`,
      );
    }
    return candidates;
  } catch (error) {
    await discardCandidates(candidates);
    throw error;
  }
}

/** Removes staged copies that will not be committed. */
export async function discardCandidates(candidates: readonly Candidate[]): Promise<void> {
  await Promise.all(candidates.map((candidate) => discardStaged(candidate.staged)));
}
