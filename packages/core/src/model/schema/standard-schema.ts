/**
 * @module The Standard Schema face of every schema (`~standard`, version 1, with its JSON Schema
 * extension): what the AI SDK's `tool({ inputSchema })` and the MCP SDK v2 accept from any schema
 * library, so skillset's tool inputs plug into them with no zod. The types are the published interface
 * (standardschema.dev), written out here: they are a contract, not a dependency.
 */
import { describeSchemaIssue } from "./schema-issue-text.js";
import type { CheckResult, JsonSchema, SchemaIssue } from "./value-schema.js";

/** One issue as Standard Schema reports it: a message and the path to the value. */
export interface StandardIssue {
  readonly message: string;
  readonly path?: readonly PropertyKey[];
}

/** What `~standard.validate` returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] };

/** The JSON Schema drafts a caller may ask for; our keywords mean the same in both. */
export type StandardJsonSchemaTarget = "draft-2020-12" | "draft-07";

/** The `~standard` property: Standard Schema v1 plus the Standard JSON Schema extension. */
export interface StandardSchemaProps<Input, Output = Input> {
  readonly version: 1;
  readonly vendor: "skillset";
  readonly validate: (value: unknown) => StandardResult<Output>;
  readonly types?: { readonly input: Input; readonly output: Output };
  readonly jsonSchema: {
    readonly input: (options: { readonly target: string }) => JsonSchema;
    readonly output: (options: { readonly target: string }) => JsonSchema;
  };
}

const TARGETS: ReadonlySet<string> = new Set<StandardJsonSchemaTarget>(["draft-2020-12", "draft-07"]);

/** The issue as Standard Schema states it: the sentence skillset prints, and the path to the value. */
function toStandardIssue(issue: SchemaIssue): StandardIssue {
  const path = issue.kind === "unexpected-key" ? [...issue.path, issue.key] : issue.path;
  return { message: describeSchemaIssue(issue), path };
}

/** Builds `~standard` from a schema's `check` and JSON Schema. */
export function standardProps<T>(
  check: (value: unknown) => CheckResult<T>,
  toJsonSchema: () => JsonSchema,
): StandardSchemaProps<T> {
  const jsonSchemaFor = ({ target }: { readonly target: string }): JsonSchema => {
    if (!TARGETS.has(target)) {
      throw new Error(`A skillset schema gives JSON Schema as draft-2020-12 or draft-07, not '${target}'`);
    }
    return toJsonSchema();
  };
  return {
    version: 1,
    vendor: "skillset",
    validate(value) {
      const result = check(value);
      return result.ok ? { value: result.value } : { issues: result.issues.map(toStandardIssue) };
    },
    jsonSchema: { input: jsonSchemaFor, output: jsonSchemaFor },
  };
}
