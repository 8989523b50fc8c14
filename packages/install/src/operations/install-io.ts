/**
 * @module How an operation talks to a person: the CLI supplies these (a prompt on a terminal, flags
 * elsewhere); a library caller can answer them in code.
 */
import type { AuditFinding } from "@skillset/core/audit";
import type { SourceSkill } from "../source/find-source-skills.js";
import type { Candidate } from "./stage-candidates.js";

export interface InstallIo {
  /** Slow work starting (cloning, downloading); shown on a terminal. */
  progress(message: string): void;
  /** Lets a person pick skills from a multi-skill source; `undefined` when nobody can be asked. */
  choose(skills: readonly SourceSkill[]): Promise<string[] | undefined>;
  /** Shows what a skill brings before it is installed: findings, digests, the risk summary. */
  review(candidate: Candidate): void | Promise<void>;
  /**
   * Asks for approval (`--yes` answers yes); false refuses. `defaultAnswer` is what a person gets by just
   * pressing Enter: false when anything risky changed (see `changesRisk`), else true.
   */
  approve(question: string, options?: { defaultAnswer?: boolean }): Promise<boolean>;
  /**
   * Asks to approve a staged skill's audit findings at medium or worse (SPEC §17). Without it, a critical
   * finding is refused and others are put to `approve`. The CLI answers from a prompt, `--allow-risk RULE`
   * (any severity) and `--yes` (never a critical finding).
   */
  approveFindings?(candidate: Candidate, findings: readonly AuditFinding[]): Promise<boolean>;
}
