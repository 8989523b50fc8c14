export { array, isPlainObject, record } from "./collection-schemas.js";
export { type OptionalSchema, optional, union, withDefault } from "./modifier-schemas.js";
export { type InferObject, type ObjectSchema, type ObjectShape, object, partial } from "./object-schema.js";
export { boolean, integer, literal, type NumberRange, number, oneOf, string } from "./scalar-schemas.js";
export { schemaDocument } from "./schema-document.js";
export { describeSchemaIssue, formatKeyPath, previewValue } from "./schema-issue-text.js";
export type {
  StandardIssue,
  StandardJsonSchemaTarget,
  StandardResult,
  StandardSchemaProps,
} from "./standard-schema.js";
export type {
  CheckResult,
  Infer,
  JsonSchema,
  SchemaIssue,
  SchemaPath,
  ValueSchema,
} from "./value-schema.js";
export { JSON_SCHEMA_DIALECT } from "./value-schema.js";
