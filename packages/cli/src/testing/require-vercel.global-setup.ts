/**
 * @module Vitest global setup: a run that requires vercel's CLI (CI sets SKILLSET_REQUIRE_VERCEL=1) fails at
 * once when `interop/vercel` is not installed, instead of letting the interop test skip.
 */
import { missingRequiredVercel } from "./vercel-cli.js";

export default function requireVercel(): void {
  const problem = missingRequiredVercel();
  if (problem) throw new Error(problem);
}
