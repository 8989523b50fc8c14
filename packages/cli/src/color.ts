/**
 * @module Minimal ANSI colouring that honours NO_COLOR and FORCE_COLOR (https://no-color.org).
 */

/** Decides whether to colour a stream. FORCE_COLOR=0 disables; any other FORCE_COLOR enables. */
export function shouldColor(env: Record<string, string | undefined>, isTTY: boolean | undefined): boolean {
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== "0" && env.FORCE_COLOR !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return Boolean(isTTY) && env.TERM !== "dumb";
}

const codes = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  blue: [34, 39],
  magenta: [35, 39],
  cyan: [36, 39],
  gray: [90, 39],
} as const;

export type Style = keyof typeof codes;

/** Returns a painter: `paint("red", text)` colours only when `enabled`. */
export function painter(enabled: boolean): (style: Style, text: string) => string {
  return (style, text) => (enabled ? `\u001b[${codes[style][0]}m${text}\u001b[${codes[style][1]}m` : text);
}
