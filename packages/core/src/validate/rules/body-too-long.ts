/**
 * @module Lint rule `body-too-long`: the whole body enters the context when a skill is used, so long
 * bodies should move detail into reference files that are read on demand (progressive disclosure).
 */
import { diagnostic } from "../../model/diagnostic.js";
import { MAX_SKILL_READ_BYTES } from "../../parser/parse-limits.js";
import type { LintRule } from "../lint-rule.js";

/** Most body lines before the rule fires. */
export const MAX_BODY_LINES = 500;

/** Most estimated body tokens before the rule fires. */
export const MAX_BODY_TOKENS = 5000;

/** A cheap token estimate: one token per four characters (close to BPE counts for English prose). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

function countLines(text: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  let lines = 1;
  for (let index = trimmed.indexOf("\n"); index !== -1; index = trimmed.indexOf("\n", index + 1)) lines++;
  return lines;
}

export const bodyTooLong: LintRule = {
  id: "body-too-long",
  severity: "warning",
  summary: `The body has at most ${MAX_BODY_LINES} lines and about ${MAX_BODY_TOKENS} tokens.`,
  fix: "Move detailed material into references/ files and link them from SKILL.md.",
  check({ skill }) {
    const lines = countLines(skill.body);
    const tokens = estimateTokens(skill.body);
    if (lines <= MAX_BODY_LINES && tokens <= MAX_BODY_TOKENS) return [];
    const size =
      lines > MAX_BODY_LINES
        ? `${lines} lines (over ${MAX_BODY_LINES})`
        : `about ${tokens} tokens (over ${MAX_BODY_TOKENS})`;
    // Past the loader's cap the skill is listed but never loaded (`file-too-large`): said here, ahead.
    const bytes = Buffer.byteLength(skill.body);
    const use =
      bytes > MAX_SKILL_READ_BYTES
        ? `at ${Math.ceil(bytes / 1024)} KiB it is over the ${MAX_SKILL_READ_BYTES / 1024} KiB a load gives a model, so '${skill.name}' is listed but can never be loaded`
        : `it is loaded whole whenever '${skill.name}' is used`;
    return [
      diagnostic(
        bodyTooLong.severity,
        bodyTooLong.id,
        `The body of SKILL.md is ${size}; ${use}. Move detailed material into references/ files and link them from SKILL.md.`,
        skill.path,
        { line: skill.bodyLine, column: 1 },
      ),
    ];
  },
};
