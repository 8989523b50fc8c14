/**
 * @module The environment layer (SPEC §6): `SKILLSET_CONFIG` names an extra JSON layer, and a few direct
 * variables cover what people set most often. An empty variable counts as unset.
 */
import { delimiter } from "node:path";
import type { ConfigLayer } from "./config-schema.js";
import { validateConfigLayer } from "./validate-config-layer.js";

export {
  type ConfigEnvironmentVariable,
  configEnvironmentVariables,
} from "./config-environment-variables.js";

/** What the environment contributes: an optional layer file and the validated direct-variable layers. */
export interface EnvironmentConfig {
  /** `SKILLSET_CONFIG` as given (may be relative). */
  configFile?: string;
  /** One layer per set variable, in the order of `configEnvironmentVariables`. */
  layers: ConfigLayer[];
}

/**
 * Reads the direct `SKILLSET_*` variables. Throws `SkillsetError` code `config-invalid` naming the
 * variable when a value is wrong, e.g. `SKILLSET_CATALOG_BUDGET must be a whole number ≥ 0 (got "lots").`
 */
export function readEnvironmentConfig(env: Record<string, string | undefined>): EnvironmentConfig {
  const result: EnvironmentConfig = { layers: [] };
  const value = (name: string): string | undefined => {
    const raw = env[name];
    return raw === undefined || raw.trim() === "" ? undefined : raw.trim();
  };
  const add = (name: string, layer: unknown): void => {
    result.layers.push(validateConfigLayer(layer, { kind: "variable", name, value: env[name] ?? "" }));
  };

  const configFile = value("SKILLSET_CONFIG");
  if (configFile !== undefined) result.configFile = configFile;

  const providers = value("SKILLSET_DISABLE_PROVIDERS");
  if (providers !== undefined) {
    const off = Object.fromEntries(splitList(providers, ",").map((id) => [id, false]));
    add("SKILLSET_DISABLE_PROVIDERS", { discovery: { providers: off } });
  }
  const customDirs = value("SKILLSET_CUSTOM_DIRS");
  if (customDirs !== undefined) {
    add("SKILLSET_CUSTOM_DIRS", { discovery: { customDirs: splitList(customDirs, delimiter) } });
  }
  const format = value("SKILLSET_CATALOG_FORMAT");
  if (format !== undefined) add("SKILLSET_CATALOG_FORMAT", { catalog: { format } });
  const budget = value("SKILLSET_CATALOG_BUDGET");
  if (budget !== undefined) add("SKILLSET_CATALOG_BUDGET", { catalog: { budgetTokens: toNumber(budget) } });
  const window = value("SKILLSET_CONTEXT_WINDOW");
  if (window !== undefined) add("SKILLSET_CONTEXT_WINDOW", { catalog: { contextWindow: toNumber(window) } });
  return result;
}

function splitList(value: string, separator: string): string[] {
  return value
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A numeric string becomes a number; anything else stays a string so validation reports it as written. */
function toNumber(value: string): number | string {
  return /^-?\d+(?:\.\d+)?$/.test(value) ? Number(value) : value;
}
