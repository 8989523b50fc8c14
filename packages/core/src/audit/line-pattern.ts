/**
 * @module Patterns over one line that take time linear in the line (SPEC §15: every command stays bounded).
 * A pattern written `\bcurl\b[^\n|]*\|\s*sh` is tried by the engine at every `curl` and looks to the end of
 * the stretch each time: a 300 KB line of `curl curl …` was 60,000 scans of the line (a minute). Written
 * with {@link first} and {@link later}, the same pattern is tried once per stretch — the whole line, or each
 * part between two of the characters its gap stops at — from the first `curl` in it: a later `curl` in the
 * same stretch reaches no `| sh` that the first does not reach, so nothing is lost. A chain (`rm`, then a
 * target, then `-Recurse`) takes the first middle part after the first ({@link next}). What follows a gap
 * must be cheap to try at each place (no unbounded run of its own): runs inside it are capped. Each part is
 * matched once, as it first matches there (its gaps inside written lazily, `{0,200}?`): what follows never
 * makes the engine go back into it.
 *
 * A match then starts where its stretch starts; {@link matchIndex} gives where the plain pattern's match
 * started (the first part), so a finding quotes the same place.
 */

let count = 0;

/** A character of the gap: anything on the line but `stops` (a character class body, escaped). */
function gap(stops: string): string {
  return stops === "" ? String.raw`[^\n]` : String.raw`[^\n${stops}]`;
}

/**
 * `part` where it first occurs in its stretch: the stretch starts at the line's start or after one of
 * `stops` (a character class body; empty: the whole line is one stretch).
 * @example new RegExp(first(String.raw`\bcurl\b`, "|") + later(String.raw`\|\s*sh\b`, "|"))
 */
export function first(part: string, stops = ""): string {
  const id = count++;
  const start = stops === "" ? "^" : `(?<=^|[${stops}])`;
  return `${start}(?=(?<lead${id}>${gap(stops)}*?)(?<part${id}>${part}))\\k<lead${id}>\\k<part${id}>`;
}

/** Then, past characters other than `stops`, the first place `part` matches (the middle of a chain). */
export function next(part: string, stops = ""): string {
  const id = count++;
  return `(?=(?<skip${id}>${gap(stops)}*?)(?<part${id}>${part}))\\k<skip${id}>\\k<part${id}>`;
}

/** Then, past characters other than `stops`, `rest` anywhere after (the end of a pattern). */
export function later(rest: string, stops = ""): string {
  return `${gap(stops)}*(?:${rest})`;
}

/** `part`, then `rest` later in its stretch: `part[^\n<stops>]*rest`, tried once per stretch. */
export function followedBy(part: string, rest: string, stops = ""): string {
  return first(part, stops) + later(rest, stops);
}

/**
 * Where `pattern`'s match in `text` starts, as the pattern would say it without {@link first}: at the first
 * part, not at the start of its stretch. Undefined when it does not match.
 */
export function matchIndex(pattern: RegExp, text: string): number | undefined {
  if (pattern.global || pattern.sticky) pattern.lastIndex = 0;
  const match = pattern.exec(text);
  if (!match) return undefined;
  if (match.groups)
    for (const name in match.groups) {
      const lead = match.groups[name];
      if (lead !== undefined && name.startsWith("lead")) return match.index + lead.length;
    }
  return match.index;
}

/** How far a part inside a pattern looks (a call's first argument, a quoted string): each try stays bounded. */
export const REACH = 200;
