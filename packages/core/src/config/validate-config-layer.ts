/**
 * @module Checks one configuration layer against `configLayerSchema`; never a silent default (SPEC §6).
 */
import { SkillsetError } from "../model/errors.js";
import { type ConfigLayer, configLayerSchema } from "./config-schema.js";
import { type ConfigSource, formatConfigIssues } from "./format-config-issues.js";

/**
 * Returns `value` as a `ConfigLayer`, or throws `SkillsetError` code `config-invalid` whose message lists
 * every problem (unexpected keys with a near-name suggestion, wrong types with what is expected) and whose
 * `field` is the first bad key path.
 */
export function validateConfigLayer(value: unknown, source: ConfigSource): ConfigLayer {
  const result = configLayerSchema.check(value);
  if (result.ok) return result.value;
  const issues = formatConfigIssues(result.issues, source);
  const first = issues[0];
  const details: { path?: string; field?: string; cause: unknown } = { cause: result.issues };
  if (source.kind === "file") details.path = source.path;
  const field = source.kind === "variable" ? source.name : first?.key;
  if (field) details.field = field;
  throw new SkillsetError("config-invalid", issues.map((issue) => issue.message).join("\n"), details);
}
