/**
 * @module Vitest global setup: a run that requires the shared corpus (CI sets SKILLSET_REQUIRE_CORPUS=1)
 * fails at once when it is missing, instead of letting every corpus test skip.
 */
import { missingRequiredCorpus } from "./corpus.js";

export default function requireCorpus(): void {
  const problem = missingRequiredCorpus();
  if (problem) throw new Error(problem);
}
