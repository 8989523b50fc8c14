/**
 * @module The examination (strict validation, lint and the parser behind them) loaded on first use: a host
 * that only reads the lock or removes skills never loads it, and `add` loads it while the source is fetched.
 */

/** `examine-skill.js`, imported once. */
export function loadExaminer(): Promise<typeof import("./examine-skill.js")> {
  examiner ??= import("./examine-skill.js");
  return examiner;
}
let examiner: Promise<typeof import("./examine-skill.js")> | undefined;
