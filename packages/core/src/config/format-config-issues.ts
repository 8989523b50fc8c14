/**
 * @module Turns schema issues into messages that name the source, the key and the fix (SPEC §6, STYLE 4):
 * `Unexpected key 'discovery.provders' in <file>. Did you mean 'providers'?` and
 * `'discovery.limits.maxDepth' in <file> must be a whole number ≥ 0 (got "deep").`
 */
import { formatKeyPath, previewValue, type SchemaIssue, type SchemaPath } from "../model/schema/index.js";
import { suggestNames } from "../model/suggest-names.js";
import { configJsonSchema, type JsonSchema } from "./config-json-schema.js";

/** Where a config layer came from; decides how messages name it. */
export type ConfigSource =
  | { kind: "file"; path: string }
  | { kind: "variable"; name: string; value: string }
  | { kind: "flags" };

/** One problem in a layer: the dotted key path (`discovery.limits.maxDepth`) and a full sentence. */
export interface ConfigIssue {
  key: string;
  message: string;
}

/** Formats every issue for a layer that failed `configLayerSchema`. */
export function formatConfigIssues(issues: readonly SchemaIssue[], source: ConfigSource): ConfigIssue[] {
  const where = describeSource(source);
  return issues.map((issue) => {
    if (issue.kind === "unexpected-key") return unexpectedKey(issue.path, issue.key, issue.allowed, where);
    const key = formatKeyPath(issue.path);
    let message: string;
    if (source.kind === "variable")
      message = `${source.name} must be ${issue.expected} (got ${JSON.stringify(source.value)}).`;
    else if (issue.path.length === 0)
      message = `${capitalize(where)} must contain a JSON object (got ${previewValue(issue.value)}).`;
    else message = `'${key}' in ${where} must be ${issue.expected} (got ${previewValue(issue.value)}).`;
    return { key, message };
  });
}

function unexpectedKey(
  parent: SchemaPath,
  key: string,
  siblings: readonly string[],
  where: string,
): ConfigIssue {
  const fullKey = formatKeyPath([...parent, key]);
  const near = suggestNames(key, siblings, (sibling) => [sibling])[0];
  const elsewhere = near === undefined ? findKey(configJsonSchema(), key, []) : undefined;
  const hint =
    near !== undefined
      ? `Did you mean '${near}'?`
      : elsewhere !== undefined
        ? `Did you mean '${formatKeyPath(elsewhere)}'?`
        : `Allowed keys here: ${siblings.join(", ")}.`;
  return { key: fullKey, message: `Unexpected key '${fullKey}' in ${where}. ${hint}` };
}

function describeSource(source: ConfigSource): string {
  if (source.kind === "file") return source.path;
  if (source.kind === "variable") return `environment variable ${source.name}`;
  return "the flags";
}

/** Depth-first search for a key name anywhere in the schema (for keys written at the wrong level). */
function findKey(node: JsonSchema, key: string, at: string[]): string[] | undefined {
  const properties = propertiesOf(node);
  if (properties[key] !== undefined) return [...at, key];
  for (const [name, child] of Object.entries(properties)) {
    const found = findKey(child, key, [...at, name]);
    if (found) return found;
  }
  return undefined;
}

function propertiesOf(node: JsonSchema): Record<string, JsonSchema> {
  const { properties } = node;
  return typeof properties === "object" && properties !== null
    ? (properties as Record<string, JsonSchema>)
    : {};
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
