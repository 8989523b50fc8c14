/**
 * @module What every skill tool returns (SPEC §10): a result the model can act on. Errors are results
 * too — `isError` with a text that says what to do next — never exceptions thrown through the host.
 */

/** The result of one tool call. */
export interface ToolResult {
  /** True when the call did not do what was asked; `text` says why and what to do instead. */
  isError: boolean;
  /** What the model reads. */
  text: string;
  /** Stable code of an error (`skill-not-found`, `skill-ambiguous`, `path-refused`, …); match on it, not on `text`. */
  code?: string;
  /** The same answer as data, for hosts that pass structured results (MCP `structuredContent`). */
  data?: Record<string, unknown>;
}

/** A successful result. */
export function toolSuccess(text: string, data?: Record<string, unknown>): ToolResult {
  return data === undefined ? { isError: false, text } : { isError: false, text, data };
}

/** An error result with a stable `code`. */
export function toolError(code: string, text: string, data?: Record<string, unknown>): ToolResult {
  return data === undefined ? { isError: true, code, text } : { isError: true, code, text, data };
}
