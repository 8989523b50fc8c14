/**
 * @module Text from a skill is untrusted (SPEC §15): before it reaches a terminal its control characters are
 * shown escaped, and before it reaches a model they are removed. One rule, used by every surface.
 */

// C0 controls, DEL, C1 controls, and the bidirectional overrides/isolates that reorder what a reader sees.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_KEEP_LINES =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeCharacter(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, "0")}`
    : `\\u${code.toString(16).padStart(4, "0")}`;
}

export interface InertOptions {
  /** Keep `\n` and `\t` as they are (multi-line text such as a body); otherwise they are escaped too. */
  keepLines?: boolean;
}

/**
 * Text safe to print on a terminal: every control and bidi character becomes a visible escape (`ESC` → `\x1b`).
 * @example inertForTerminal("a\u001b]52;c;ZXZpbA==\u0007b") // 'a\\x1b]52;c;ZXZpbA==\\x07b'
 */
export function inertForTerminal(text: string, options: InertOptions = {}): string {
  return text.replace(options.keepLines ? UNSAFE_KEEP_LINES : UNSAFE, escapeCharacter);
}

/**
 * Text safe to give a model: control and bidi characters removed (`\n` and `\t` kept when asked).
 * @example stripControls("name\u0007") // 'name'
 */
export function stripControls(text: string, options: InertOptions = {}): string {
  return text.replace(options.keepLines ? UNSAFE_KEEP_LINES : UNSAFE, "");
}

/** Whether the text holds anything `inertForTerminal` would escape. */
export function hasControls(text: string): boolean {
  UNSAFE.lastIndex = 0;
  return UNSAFE.test(text);
}
