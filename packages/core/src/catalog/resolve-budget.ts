/**
 * @module How many tokens the catalog may use (SPEC §7).
 */
import type { CatalogConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";

/** The budget-related catalog settings; any missing one takes its default. */
export type BudgetSettings = Partial<
  Pick<CatalogConfig, "budgetTokens" | "contextWindow" | "budgetPercent" | "defaultBudgetTokens">
>;

/**
 * The catalog budget in tokens: `budgetTokens` when set; else `budgetPercent`% (default 2) of
 * `contextWindow`, rounded down, when the window is known; else `defaultBudgetTokens` (default 8,000).
 *
 * @example resolveCatalogBudget({ contextWindow: 200_000 }) // 4000
 */
export function resolveCatalogBudget(settings: BudgetSettings = {}): number {
  const defaults = defaultConfig.catalog;
  if (settings.budgetTokens !== undefined) return Math.max(0, Math.floor(settings.budgetTokens));
  if (settings.contextWindow !== undefined) {
    const percent = settings.budgetPercent ?? defaults.budgetPercent;
    return Math.max(0, Math.floor((settings.contextWindow * percent) / 100));
  }
  return settings.defaultBudgetTokens ?? defaults.defaultBudgetTokens;
}
