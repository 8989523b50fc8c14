/**
 * @module The catalog: what the model sees of the skills up front (SPEC §7). Selects the listable skills,
 * fits them into a token budget and renders them in one of three formats, deterministically (same input,
 * byte-identical output) so that prompt caches stay warm between turns.
 */
import type { CatalogConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";
import { SkillsetError } from "../model/errors.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import type { CatalogFormat, CatalogFormatName } from "./catalog-format.js";
import { contextFormat } from "./context-format.js";
import { memoisedCounter } from "./count-tokens.js";
import { type BudgetPlan, planCatalog } from "./fit-budget.js";
import { markdownFormat } from "./markdown-format.js";
import { modelSafeSkill } from "./model-safe-skill.js";
import { resolveCatalogBudget } from "./resolve-budget.js";
import { type CatalogSelection, selectCatalogSkills } from "./select-catalog-skills.js";
import { SkillCost } from "./skill-cost.js";
import { defaultTokenizer, type Tokenizer } from "./tokenizer.js";
import { xmlFormat } from "./xml-format.js";

const formats: Record<CatalogFormatName, CatalogFormat> = {
  xml: xmlFormat,
  markdown: markdownFormat,
  context: contextFormat,
};

/** Options of `renderCatalog`: the catalog settings of the configuration, plus selection and priority. */
export interface RenderCatalogOptions extends Partial<CatalogConfig>, CatalogSelection {
  /** Token counter (default: `defaultTokenizer()`, o200k_base). Counts are memoised per tokenizer. */
  tokenizer?: Tokenizer;
  /**
   * When each skill was last used (skill id → any increasing number, e.g. epoch ms). When skills must be
   * left out, the least recently used go first; skills never used go before every used one.
   */
  lastUsed?: ReadonlyMap<string, number>;
}

/** A listed skill whose description was shortened. Lengths are in characters (UTF-16 code units). */
export interface TruncatedDescription {
  id: string;
  /** Qualified name (`ns:name` when namespaced). */
  name: string;
  /** Length of the (whitespace-normalised) description. */
  originalLength: number;
  /** Characters of it kept, without the ellipsis; 0 when only the name is listed. */
  keptLength: number;
}

/** A selectable skill left out of the catalog for lack of budget. */
export interface OmittedSkill {
  id: string;
  name: string;
}

/** The rendered catalog and what was cut to make it fit. */
export interface CatalogResult {
  text: string;
  format: CatalogFormatName;
  /** Exact token count of `text` with the tokenizer used. */
  tokens: number;
  budget: number;
  /** Ids of the listed skills, in catalog order. */
  listed: string[];
  /** Listed skills whose description was shortened, in catalog order. */
  truncated: TruncatedDescription[];
  /** Skills left out, in catalog order. */
  omitted: OmittedSkill[];
  /** Whether `tokens <= budget`. False only when the budget is below the catalog's fixed text. */
  fits: boolean;
}

/** Renders a plan into the result (without the token count). */
function renderPlan(costs: readonly SkillCost[], plan: BudgetPlan, format: CatalogFormat) {
  const truncated: TruncatedDescription[] = [];
  const blocks: string[] = [];
  for (const index of plan.listed) {
    const cost = costs[index];
    if (cost === undefined) continue;
    const shown = cost.shown(plan.caps[index] ?? Number.POSITIVE_INFINITY);
    const { skill } = cost;
    if (shown.shortened) {
      truncated.push({
        id: skill.id,
        name: skill.qualifiedName,
        originalLength: cost.description.length,
        keptLength: shown.keptLength,
      });
    }
    blocks.push(format.skillText(skill, shown.text));
  }
  const listedSet = new Set(plan.listed);
  const omitted = costs
    .filter((_, index) => !listedSet.has(index))
    .map(({ skill }) => ({ id: skill.id, name: skill.qualifiedName }));
  const isTruncated = truncated.length > 0 || omitted.length > 0;
  const joined = `${format.open(isTruncated)}${blocks.join("")}${format.close(omitted.length, blocks.length)}`;
  // A catalog never ends with a newline (like the reference `<available_skills>`); hosts add their own.
  const text = joined.endsWith("\n") ? joined.slice(0, -1) : joined;
  const listed = plan.listed.map((index) => costs[index]?.skill.id ?? "");
  return { text, listed, truncated, omitted };
}

/** Priority for keeping skills: most recently used first, then catalog order (scope, name, path). */
function priorityOrder(
  costs: readonly SkillCost[],
  lastUsed: ReadonlyMap<string, number> | undefined,
): number[] {
  const indices = costs.map((_, index) => index);
  if (lastUsed === undefined || lastUsed.size === 0) return indices;
  const used = costs.map(({ skill }) => lastUsed.get(skill.id));
  return indices.sort((a, b) => {
    const usedA = used[a];
    const usedB = used[b];
    if (usedA === usedB) return a - b;
    if (usedA === undefined) return 1;
    if (usedB === undefined) return -1;
    return usedB - usedA;
  });
}

/**
 * Renders the catalog of `entries` within the token budget (SPEC §7).
 *
 * Only enabled, model-invocable, non-denied, non-shadowed skills are listed (see `selectCatalogSkills`).
 * The budget is `resolveCatalogBudget(options)`. When the full catalog does not fit, descriptions are
 * shortened fairly, then the lowest-priority skills are left out, and a note says how many and that
 * `skill_search` finds them (see `planCatalog`). The plan is made from per-part token counts; the final
 * text is then counted exactly and, if it is over, planned again against a tighter budget, so `tokens <=
 * budget` whenever the budget can hold the catalog's fixed text at all (`fits`).
 *
 * @example
 * const catalog = renderCatalog(registry.entries(), { ...config.catalog, contextWindow: 200_000 });
 * systemPrompt += catalog.text;
 */
export function renderCatalog(
  entries: readonly RegistryEntry[],
  options: RenderCatalogOptions = {},
): CatalogResult {
  const formatName = options.format ?? defaultConfig.catalog.format;
  if (!Object.hasOwn(formats, formatName)) {
    throw new SkillsetError(
      "catalog-format-unknown",
      `Unknown catalog format '${String(formatName)}'; use one of ${Object.keys(formats).join(", ")}.`,
      { field: "catalog.format" },
    );
  }
  const format = formats[formatName];
  const budget = resolveCatalogBudget(options);
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const count = memoisedCounter(tokenizer);
  // Text from skills reaches the model without control characters, whatever the format (SPEC §15).
  const skills = selectCatalogSkills(entries, options).map(modelSafeSkill);
  const costs = skills.map((skill) => new SkillCost(skill, format, count));
  const priority = priorityOrder(costs, options.lastUsed);
  const descriptionCap = options.descriptionCap ?? defaultConfig.catalog.descriptionCap;
  const attempt = (target: number): CatalogResult => {
    const plan = planCatalog({ costs, priority, format, count, budget: target, descriptionCap });
    const rendered = renderPlan(costs, plan, format);
    const tokens = tokenizer.count(rendered.text);
    return { ...rendered, format: formatName, tokens, budget, fits: tokens <= budget };
  };
  // The plan sums the token counts of parts, which can differ a little from the count of the whole text:
  // when the text is over, plan again against a budget tightened by the excess (doubling each time).
  let target = budget;
  for (let shrink = 1; shrink <= 2 ** 20; shrink *= 2) {
    const result = attempt(target);
    if (result.fits || result.listed.length === 0) return result;
    target -= (result.tokens - budget) * shrink;
  }
  return attempt(Number.NEGATIVE_INFINITY);
}
