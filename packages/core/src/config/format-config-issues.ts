/**
 * @module Turns zod issues into messages that name the source, the key and the fix (SPEC §6, STYLE 4):
 * `Unexpected key 'discovery.provders' in <file>. Did you mean 'providers'?` and
 * `'discovery.limits.maxDepth' in <file> must be a whole number ≥ 0 (got "deep").`
 */
import type { z } from "zod";
import { suggestNames } from "../model/suggest-names.js";
import { configJsonSchema, type JsonSchema } from "./config-json-schema.js";
import { describeExpectedValue } from "./describe-expected-value.js";

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

/** Formats every zod issue for a layer that failed `configLayerSchema`. `data` is the value that was checked. */
export function formatConfigIssues(
  issues: readonly z.core.$ZodIssue[],
  data: unknown,
  source: ConfigSource,
): ConfigIssue[] {
  const root = configJsonSchema();
  const where = describeSource(source);
  const result: ConfigIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.filter((part): part is string | number => typeof part !== "symbol");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) result.push(unexpectedKey(root, path, key, where));
      continue;
    }
    const key = formatKeyPath(path);
    const expected = describeExpectedValue(schemaAt(root, path));
    const got = preview(valueAt(data, path));
    let message: string;
    if (source.kind === "variable")
      message = `${source.name} must be ${expected} (got ${JSON.stringify(source.value)}).`;
    else if (path.length === 0) message = `${capitalize(where)} must contain a JSON object (got ${got}).`;
    else message = `'${key}' in ${where} must be ${expected} (got ${got}).`;
    result.push({ key, message });
  }
  return result;
}

/** The dotted form of a key path: `discovery.limits.maxDepth`, `discovery.scopeOrder[2]`. */
export function formatKeyPath(path: readonly (string | number)[]): string {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : text === "" ? part : `.${part}`;
  return text;
}

function unexpectedKey(
  root: JsonSchema,
  parent: (string | number)[],
  key: string,
  where: string,
): ConfigIssue {
  const fullKey = formatKeyPath([...parent, key]);
  const siblings = Object.keys(propertiesOf(schemaAt(root, parent)));
  const near = suggestNames(key, siblings, (sibling) => [sibling])[0];
  const elsewhere = near === undefined ? findKey(root, key, []) : undefined;
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

/** The schema node for a key path, following properties, list items and record values. */
function schemaAt(root: JsonSchema, path: readonly (string | number)[]): JsonSchema | undefined {
  let node: JsonSchema | undefined = root;
  for (const part of path) {
    if (node === undefined) return undefined;
    const properties = propertiesOf(node);
    if (typeof part === "string" && properties[part] !== undefined) node = properties[part];
    else if (typeof part === "number" && isSchema(node.items)) node = node.items;
    else node = isSchema(node.additionalProperties) ? node.additionalProperties : undefined;
  }
  return node;
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

function propertiesOf(node: JsonSchema | undefined): Record<string, JsonSchema> {
  return isSchema(node?.properties) ? (node.properties as Record<string, JsonSchema>) : {};
}

function valueAt(data: unknown, path: readonly (string | number)[]): unknown {
  let value = data;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
