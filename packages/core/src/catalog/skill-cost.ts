/**
 * @module What one skill costs in the catalog, in tokens, at any description cap — measured without
 * re-tokenizing the catalog: the skill's frame is counted once, its description word by word (memoised),
 * and a cut is priced from prefix sums. BPE counts of parts can differ slightly from the count of the
 * whole; the renderer checks the final text exactly and tightens the budget when needed.
 */
import type { Skill } from "../model/skill.js";
import type { CatalogFormat, SkillFrame } from "./catalog-format.js";
import type { CountTokens } from "./count-tokens.js";
import { cutDescription, ELLIPSIS, wordEnds } from "./shorten-description.js";

/** The description shown for a skill at some cap. */
export interface ShownDescription {
  text: string;
  /** Characters of the description kept (without the ellipsis). Equals its length when not shortened. */
  keptLength: number;
  shortened: boolean;
}

/** Token costs of one skill's catalog entry; every count is computed on first need, then kept. */
export class SkillCost {
  readonly skill: Skill;
  private normalised: string | undefined;
  private readonly format: CatalogFormat;
  private readonly count: CountTokens;
  private namesOnlyTokens: number | undefined;
  private parts: SkillFrame | undefined;
  private frameCount: number | undefined;
  private fullTokens: number | undefined;
  private ends: number[] | undefined;
  /** `prefix[i]`: tokens of the lead plus words 0..i of the (escaped) description, each counted alone. */
  private prefix: number[] | undefined;

  constructor(skill: Skill, format: CatalogFormat, count: CountTokens) {
    this.skill = skill;
    this.format = format;
    this.count = count;
  }

  /** The description as listed: whitespace runs collapsed to one space, trimmed (computed on first use). */
  get description(): string {
    this.normalised ??= this.skill.description.replace(/\s+/g, " ").trim();
    return this.normalised;
  }

  /** Tokens of the entry with an empty description. */
  namesOnly(): number {
    this.namesOnlyTokens ??= this.count(this.format.skillText(this.skill, ""));
    return this.namesOnlyTokens;
  }

  /** Tokens of the entry with its full description. */
  full(): number {
    if (this.fullTokens === undefined) {
      const ends = this.wordEnds();
      const last = ends.length - 1;
      if (last < 0) this.fullTokens = this.namesOnly();
      else {
        const { lead, trail } = this.frame();
        const word = this.format.escape(this.description.slice(ends[last - 1] ?? 0));
        const lastWord = this.count(`${last === 0 ? lead : ""}${word}${trail}`);
        this.fullTokens = this.frameTokens() + (this.wordPrefix()[last - 1] ?? 0) + lastWord;
      }
    }
    return this.fullTokens;
  }

  /** Tokens of the entry with its description shortened to at most `cap` characters. */
  at(cap: number): number {
    if (this.description.length <= cap) return this.full();
    const { end, word } = cutDescription(this.description, cap, this.wordEnds());
    if (end === 0) return this.namesOnly();
    const { lead, trail } = this.frame();
    const ellipsis = `${this.format.escape(ELLIPSIS)}${trail}`;
    if (word >= 0) return this.frameTokens() + (this.wordPrefix()[word] ?? 0) + this.count(ellipsis);
    const kept = this.format.escape(this.description.slice(0, end));
    return this.frameTokens() + this.count(`${lead}${kept}${ellipsis}`);
  }

  /**
   * The smallest cap above `cap` that shows more of the description (one more word, or the whole text),
   * or undefined when `cap` already shows it all or the next step would pass `limit`.
   */
  nextCap(cap: number, limit: number): number | undefined {
    const length = this.description.length;
    if (length <= cap) return undefined;
    const ends = this.wordEnds();
    const { word } = cutDescription(this.description, cap, ends);
    const nextEnd = ends[word + 1] ?? length;
    const next = nextEnd >= length ? length : nextEnd + ELLIPSIS.length;
    return next > limit ? undefined : Math.max(next, cap + 1);
  }

  /** The description as shown at `cap` (`Infinity` for the full text). */
  shown(cap: number): ShownDescription {
    const length = this.description.length;
    if (length <= cap) return { text: this.description, keptLength: length, shortened: false };
    const { end } = cutDescription(this.description, cap, this.wordEnds());
    const text = end === 0 ? "" : `${this.description.slice(0, end)}${ELLIPSIS}`;
    return { text, keptLength: end, shortened: true };
  }

  private frame(): SkillFrame {
    this.parts ??= this.format.skillFrame(this.skill);
    return this.parts;
  }

  /** Tokens of the frame's `before` and `after`. */
  private frameTokens(): number {
    if (this.frameCount === undefined) {
      const { before, after } = this.frame();
      this.frameCount = this.count(before) + this.count(after);
    }
    return this.frameCount;
  }

  private wordEnds(): number[] {
    this.ends ??= wordEnds(this.description);
    return this.ends;
  }

  private wordPrefix(): number[] {
    if (this.prefix === undefined) {
      const ends = this.wordEnds();
      const { lead } = this.frame();
      const prefix: number[] = [];
      let sum = 0;
      let start = 0;
      for (const [index, end] of ends.entries()) {
        const word = this.format.escape(this.description.slice(start, end));
        sum += this.count(index === 0 ? `${lead}${word}` : word);
        prefix.push(sum);
        start = end;
      }
      this.prefix = prefix;
    }
    return this.prefix;
  }
}
