/**
 * @module The environment variables `loadConfig` reads (SPEC §6), as data: help text and docs list them,
 * and `loadConfig` loads the environment layer (and the schema that checks it) only when one is set.
 */
import { delimiter } from "node:path";

/** A variable read by `loadConfig`, with the config key it sets (for help text and docs). */
export interface ConfigEnvironmentVariable {
  name: string;
  /** Dotted config key it sets, or `undefined` for `SKILLSET_CONFIG` (a whole layer). */
  key?: string;
  description: string;
}

/** Every environment variable `loadConfig` reads, in the order they apply. */
export const configEnvironmentVariables: readonly ConfigEnvironmentVariable[] = [
  { name: "SKILLSET_CONFIG", description: "Path of an extra JSON config layer, applied after the project's" },
  {
    name: "SKILLSET_DISABLE_PROVIDERS",
    key: "discovery.providers",
    description: "Comma-separated provider ids to switch off, e.g. cursor,gemini",
  },
  {
    name: "SKILLSET_CUSTOM_DIRS",
    key: "discovery.customDirs",
    description: `Extra skill folders separated by '${delimiter}' (replaces the configured list)`,
  },
  { name: "SKILLSET_CATALOG_FORMAT", key: "catalog.format", description: "xml, markdown or context" },
  { name: "SKILLSET_CATALOG_BUDGET", key: "catalog.budgetTokens", description: "Catalog budget in tokens" },
  {
    name: "SKILLSET_CONTEXT_WINDOW",
    key: "catalog.contextWindow",
    description: "Model context window in tokens",
  },
];

/** Whether `env` sets any of `configEnvironmentVariables` (an empty or blank value counts as unset). */
export function setsConfigVariables(env: Record<string, string | undefined>): boolean {
  return configEnvironmentVariables.some(({ name }) => (env[name] ?? "").trim() !== "");
}
