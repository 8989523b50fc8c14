/**
 * @module Fitting the catalog into its token budget (SPEC §7). In order, stopping at the first that fits:
 *
 * 1. every skill with its full description;
 * 2. every skill, descriptions shortened *fairly*: the largest common cap (at most `descriptionCap`)
 *    that fits, found by binary search — a description shorter than the cap keeps its whole text, longer
 *    ones give way (water-filling) — then the tokens still left go round-robin, one more word at a time,
 *    to the shortened descriptions in priority order. The cap may go down to zero: a listing of every
 *    name is preferred to leaving skills out;
 * 3. when even the names alone do not fit, the lowest-priority skills are left out (the caller gives the
 *    priority order) until the names of the rest, plus the note saying how many were left out, fit; the
 *    tokens left over then go to their descriptions as in step 2.
 *
 * Sums stop as soon as they pass the budget, so a huge registry costs only what fits.
 */
import type { CatalogFormat } from "./catalog-format.js";
import type { CountTokens } from "./count-tokens.js";
import type { SkillCost } from "./skill-cost.js";

/** What to list and how much of each description to keep. */
export interface BudgetPlan {
  /** Indices of the listed skills into the catalog-ordered `costs`, ascending. */
  listed: number[];
  /** Description cap in characters, by index into `costs`; `Infinity` (or absent) keeps the full text. */
  caps: number[];
}

interface PlanInput {
  /** One per selectable skill, in catalog order. */
  costs: readonly SkillCost[];
  /** Indices into `costs`, highest priority (kept longest) first. */
  priority: readonly number[];
  format: CatalogFormat;
  count: CountTokens;
  budget: number;
  descriptionCap: number;
}

/** Most round-robin passes over the shortened descriptions (each pass adds at most one word to each). */
const MAX_ROUNDS = 8;

/** Tokens of the catalog listing `listed` at `cap`, or `Infinity` as soon as the sum passes `budget`. */
function total(input: PlanInput, listed: readonly number[], cap: number, truncated: boolean): number {
  const { costs, format, count, budget } = input;
  const omitted = costs.length - listed.length;
  let sum = count(format.open(truncated)) + count(format.close(omitted, listed.length));
  if (sum > budget) return Number.POSITIVE_INFINITY;
  for (const index of listed) {
    const cost = costs[index];
    if (cost === undefined) continue;
    sum += cap === Number.POSITIVE_INFINITY ? cost.full() : cost.at(cap);
    if (sum > budget) return Number.POSITIVE_INFINITY;
  }
  return sum;
}

/** The largest cap in [0, descriptionCap] at which `listed` fits, given that cap 0 fits. */
function largestFittingCap(input: PlanInput, listed: readonly number[]): number {
  let longest = 0;
  for (const index of listed) longest = Math.max(longest, input.costs[index]?.description.length ?? 0);
  let low = 0;
  let high = Math.min(input.descriptionCap, longest);
  if (total(input, listed, high, true) <= input.budget) return high;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (total(input, listed, middle, true) <= input.budget) low = middle;
    else high = middle;
  }
  return low;
}

/** Shortens `listed` fairly: a common cap, then the remaining tokens one word at a time, by priority. */
function shortenFairly(input: PlanInput, listed: number[]): BudgetPlan {
  const cap = largestFittingCap(input, listed);
  const caps: number[] = input.costs.map(() => cap);
  let slack = input.budget - total(input, listed, cap, true);
  const isListed = new Set(listed);
  const order = input.priority.filter((index) => isListed.has(index));
  for (let round = 0, grew = true; grew && slack > 0 && round < MAX_ROUNDS; round++) {
    grew = false;
    for (const index of order) {
      const cost = input.costs[index];
      const current = caps[index] ?? cap;
      const next = cost?.nextCap(current, input.descriptionCap);
      if (cost === undefined || next === undefined) continue;
      const extra = cost.at(next) - cost.at(current);
      if (extra > slack) continue;
      caps[index] = next;
      slack -= extra;
      grew = true;
    }
  }
  return { listed, caps };
}

/** Decides which skills to list and how much of each description, so that the estimate fits `budget`. */
export function planCatalog(input: PlanInput): BudgetPlan {
  const { costs, priority, format, count, budget } = input;
  const everyone = costs.map((_, index) => index);
  if (total(input, everyone, Number.POSITIVE_INFINITY, false) <= budget) {
    return { listed: everyone, caps: [] };
  }
  if (total(input, everyone, 0, true) <= budget) return shortenFairly(input, everyone);
  const listed: number[] = [];
  let used = count(format.open(true));
  for (const index of priority) {
    const cost = costs[index];
    if (cost === undefined) continue;
    const withIt = used + cost.namesOnly();
    const note = count(format.close(costs.length - listed.length - 1, listed.length + 1));
    if (withIt + note > budget) break;
    used = withIt;
    listed.push(index);
  }
  listed.sort((a, b) => a - b);
  if (listed.length === 0) return { listed, caps: [] };
  return shortenFairly(input, listed);
}
