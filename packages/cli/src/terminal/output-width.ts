/**
 * @module How wide the output may be. A terminal says its width; piped output is not cut at all unless
 * `COLUMNS` asks for a width (so `skillset list | grep` sees every skill in full).
 */
import type { Output } from "../command.js";

/** The width to fit output to, or `undefined` for "do not cut" (piped, no `COLUMNS`). */
export function outputColumns(output: Output, env: Record<string, string | undefined>): number | undefined {
  const fromEnv = Number(env.COLUMNS);
  if (env.COLUMNS !== undefined && Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return output.columns !== undefined && output.columns > 0 ? output.columns : undefined;
}
