/**
 * @module Words for schema issues, shared by every message built from them: the key path as a person
 * writes it (`discovery.limits.maxDepth`, `scopeOrder[2]`) and a short preview of the value found.
 */
import type { SchemaIssue, SchemaPath } from "./value-schema.js";

/** The dotted form of a key path: `discovery.limits.maxDepth`, `discovery.scopeOrder[2]`; `""` for the root. */
export function formatKeyPath(path: SchemaPath): string {
  let text = "";
  for (const part of path) text += typeof part === "number" ? `[${part}]` : text === "" ? part : `.${part}`;
  return text;
}

/** A value as JSON, cut to `max` characters; `nothing` when it is missing. */
export function previewValue(value: unknown, max = 60): string {
  if (value === undefined) return "nothing";
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

/**
 * One issue as a sentence fragment, the key first: `limit must be a whole number ≥ 1 (got 0)`,
 * `unexpected key 'colour' (allowed: name, path)`. `root` names the whole value (path `[]`).
 */
export function describeSchemaIssue(issue: SchemaIssue, root = "the value"): string {
  if (issue.kind === "unexpected-key") {
    const key = formatKeyPath([...issue.path, issue.key]);
    return `unexpected key '${key}' (allowed: ${issue.allowed.join(", ")})`;
  }
  const key = issue.path.length === 0 ? root : `'${formatKeyPath(issue.path)}'`;
  return `${key} must be ${issue.expected} (got ${previewValue(issue.value)})`;
}
