/**
 * @module A string cut from a larger one, copied so that it holds on to nothing else. V8 makes a slice of 13
 * or more characters a view into the string it was cut from: a skill's name or a finding's evidence kept
 * after its file is done would keep the whole file's text alive (the audit of the corpus held 23 MB of
 * SKILL.md texts behind 1,563 names, and the collector copied them from scavenge to scavenge).
 */

/**
 * `text` as a string of its own, not a view into a larger one.
 * @example ownCopy(fileText.slice(4, 40)) // the same 36 characters, without fileText behind them
 */
export function ownCopy(text: string): string {
  // Joining makes a pair; cutting the pair flattens it into a new string of exactly these characters
  // (and one space, cut off again as a view into that new string, not into the old one).
  return text.length < 13 ? text : ` ${text}`.slice(1);
}
