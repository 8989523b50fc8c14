/**
 * @module One error class for the library, told apart by a stable `code` (never by message text).
 */

import type { SkillsetCode } from "./codes.js";

const marker = Symbol.for("skillset.error");

/**
 * Error thrown by skillset APIs. `code` is stable; `message` names the file, the field and the fix.
 * @example
 * try { await registry.load(); } catch (error) {
 *   if (SkillsetError.isInstance(error) && error.code === "config-invalid") console.error(error.message);
 * }
 */
export class SkillsetError extends Error {
  readonly [marker] = true;
  override readonly name = "SkillsetError";
  /** What went wrong, stable: a `SkillsetErrorCode`, or the `DiagnosticCode` of a finding raised as an error. */
  readonly code: SkillsetCode;
  readonly path?: string;
  readonly field?: string;

  constructor(
    code: SkillsetCode,
    message: string,
    details: { path?: string; field?: string; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    if (details.path !== undefined) this.path = details.path;
    if (details.field !== undefined) this.field = details.field;
  }

  /** Works across package copies, unlike `instanceof`. */
  static isInstance(value: unknown): value is SkillsetError {
    return typeof value === "object" && value !== null && marker in value;
  }
}
