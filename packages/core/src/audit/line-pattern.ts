/**
 * @module Patterns over one line that take time linear in the line (SPEC §15: every command stays bounded).
 * A pattern written `\bcurl\b[^\n|]*\|\s*sh` is tried by the engine at every `curl` and looks to the end of
 * the stretch each time: a 300 KB line of `curl curl …` was 60,000 scans of the line (a minute). A
 * {@link LinePattern} tries such a branch once per stretch — the whole line, or each part between two of
 * the characters its gap stops at — from the first `curl` in it: a later `curl` in the same stretch reaches
 * no `| sh` that the first does not reach, so nothing is lost. The places where a branch can start are
 * found by the engine's own fast search (all branches' first parts at once), and the rest is matched from
 * there alone (a sticky match).
 *
 * A chain (`Remove-Item`, then a target, then `-Recurse`) takes the first middle part after the first
 * ({@link next}). Each part is matched once, as it first matches there (its gaps inside written lazily,
 * `{0,200}?`): what follows never makes the engine go back into it. What follows a gap must be cheap to
 * try at each place (no unbounded run of its own): runs inside it are capped ({@link REACH}).
 */

let count = 0;

/** How far a part inside a pattern looks (a call's first argument, a quoted string): each try stays bounded. */
export const REACH = 200;

/** A character of a gap: anything on the line but `stops` (a character class body, escaped). */
function gap(stops: string): string {
  return stops === "" ? String.raw`[^\n]` : String.raw`[^\n${stops}]`;
}

/** A branch tried once per stretch: its first part, then what follows it (see the module comment). */
export interface Branch {
  /** The first part, found by a plain search. */
  readonly first: string;
  /** What must follow the first part, right after it (a gap and the rest). */
  readonly tail: string;
  /** The characters that end a stretch (a character class body; empty: the whole line). */
  readonly stops: string;
}

/** `part`, then `tail` right after it, tried from the first `part` of each stretch (see {@link Branch}). */
export function firstThen(part: string, tail: string, stops = ""): Branch {
  return { first: part, tail, stops };
}

/** `part`, then `rest` later in its stretch: `part[^\n<stops>]*rest`, tried once per stretch. */
export function followedBy(part: string, rest: string, stops = ""): Branch {
  return firstThen(part, later(rest, stops), stops);
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

/**
 * A branch as one regular expression, linear as well (each stretch's start tried, the first `part` in it
 * taken atomically): what a {@link LinePattern} is as a `RegExp`, for a pattern that embeds it.
 */
function sourceOf(branch: string | Branch): string {
  if (typeof branch === "string") return branch;
  const id = count++;
  const start = branch.stops === "" ? "^" : `(?<=^|[${branch.stops}])`;
  return `${start}(?=(?<lead${id}>${gap(branch.stops)}*?)(?<part${id}>${branch.first}))\\k<lead${id}>\\k<part${id}>${branch.tail}`;
}

interface Compiled {
  /** The first part, from one place (sticky). */
  first: RegExp;
  /** The first part and its tail, from one place (sticky). */
  whole: RegExp;
  /** Finds the next stop (global), when the branch has stops. */
  stops?: RegExp;
}

/**
 * Plain branches and {@link Branch}es, tried as their alternation would be (the leftmost match), each in
 * time linear in the line. As a `RegExp` (its `source`, for embedding) it is the same alternation.
 */
export class LinePattern extends RegExp {
  readonly branches: ReadonlyArray<string | Branch>;
  readonly #plain: RegExp | undefined;
  readonly #compiled: Compiled[];
  /** Every branch's first part (global): one search finds the next place any branch can start. */
  readonly #firsts: RegExp | undefined;
  /** Per branch, where it can next start: before it, the branch's stretch was tried already. */
  readonly #from: Float64Array;

  constructor(branches: ReadonlyArray<string | Branch>, flags = "i") {
    super(branches.map(sourceOf).join("|"), flags);
    this.branches = branches;
    const plain = branches.filter((branch): branch is string => typeof branch === "string");
    this.#plain = plain.length > 0 ? new RegExp(plain.join("|"), flags) : undefined;
    const after = branches.filter((branch): branch is Branch => typeof branch !== "string");
    this.#compiled = after.map((branch) => ({
      first: new RegExp(branch.first, `${flags}y`),
      whole: new RegExp(`(?:${branch.first})${branch.tail}`, `${flags}y`),
      ...(branch.stops === "" ? {} : { stops: new RegExp(`[${branch.stops}]`, "g") }),
    }));
    this.#firsts =
      after.length > 0
        ? new RegExp(after.map((branch) => `(?:${branch.first})`).join("|"), `${flags}g`)
        : undefined;
    this.#from = new Float64Array(after.length);
  }

  override test(text: string): boolean {
    if (this.#plain?.test(text)) return true;
    return this.#branchMatch(text) !== null;
  }

  override exec(text: string): RegExpExecArray | null {
    const plain = this.#plain?.exec(text) ?? null;
    const branch = this.#branchMatch(text);
    if (plain === null) return branch;
    return branch !== null && branch.index < plain.index ? branch : plain;
  }

  /**
   * The branches' leftmost match: at each place where some branch's first part matches, each branch not
   * already tried in that stretch is matched from there; one that fails is not tried again before its
   * stretch ends (a later first part in it reaches less). Linear in the line.
   */
  #branchMatch(text: string): RegExpExecArray | null {
    const firsts = this.#firsts;
    if (!firsts) return null;
    const compiled = this.#compiled;
    const from = this.#from.fill(0);
    let live = compiled.length;
    for (let at = 0; at <= text.length && live > 0; ) {
      firsts.lastIndex = at;
      const found = firsts.exec(text);
      if (!found) return null;
      const place = found.index;
      for (let index = 0; index < compiled.length; index++) {
        if (from[index]! > place) continue;
        const { first, whole, stops } = compiled[index]!;
        first.lastIndex = place;
        if (!first.test(text)) continue;
        whole.lastIndex = place;
        const match = whole.exec(text);
        if (match) return match;
        let next = Number.POSITIVE_INFINITY;
        if (stops) {
          stops.lastIndex = place;
          const stop = stops.exec(text);
          if (stop) next = stop.index + 1;
        }
        from[index] = next;
        if (next === Number.POSITIVE_INFINITY) live--;
      }
      at = place + 1;
    }
    return null;
  }
}

/** A {@link LinePattern} of `branches` (case-insensitive unless `flags` says otherwise). */
export function linePattern(branches: ReadonlyArray<string | Branch>, flags = "i"): LinePattern {
  return new LinePattern(branches, flags);
}

/**
 * Where `pattern`'s match in `text` starts, as the pattern would say it written plainly: at its first
 * part, not at the start of its stretch (for a `RegExp` that embeds a branch). Undefined when it does not
 * match.
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
