import { describe, expect, it } from "vitest";
import { resolveCatalogBudget } from "./resolve-budget.js";

describe("resolveCatalogBudget", () => {
  it("uses 8,000 tokens when the context window is unknown", () => {
    expect(resolveCatalogBudget()).toBe(8000);
    expect(resolveCatalogBudget({ defaultBudgetTokens: 1234 })).toBe(1234);
  });

  it("uses 2% of a known context window, rounded down", () => {
    expect(resolveCatalogBudget({ contextWindow: 200_000 })).toBe(4000);
    expect(resolveCatalogBudget({ contextWindow: 128_123 })).toBe(2562);
    expect(resolveCatalogBudget({ contextWindow: 200_000, budgetPercent: 5 })).toBe(10_000);
  });

  it("lets an explicit budget win over the window", () => {
    expect(resolveCatalogBudget({ budgetTokens: 500, contextWindow: 1_000_000 })).toBe(500);
    expect(resolveCatalogBudget({ budgetTokens: 0 })).toBe(0);
  });
});
