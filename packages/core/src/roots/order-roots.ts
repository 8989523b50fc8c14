/**
 * @module Puts roots in precedence order and drops a folder listed twice (SPEC §5 Precedence).
 */
import { SCOPES, type Scope } from "../model/skill.js";
import { providerOrder } from "./provider-table.js";
import type { Root } from "./root.js";

/**
 * Sorts by scope (`scopeOrder` first, then any scope it leaves out in the default order), then distance
 * (nearest to cwd first), then provider (table order), keeping the given order for ties. A path listed
 * twice (a custom dir naming a user root, say) keeps only its higher-precedence entry.
 */
export function orderRoots(roots: readonly Root[], scopeOrder: readonly string[]): Root[] {
  const scopes = [...scopeOrder, ...SCOPES.filter((scope) => !scopeOrder.includes(scope))];
  const scopeRank = (scope: Scope) => scopes.indexOf(scope);
  const providerRank = (provider: string) => {
    const rank = providerOrder.indexOf(provider);
    return rank === -1 ? providerOrder.length : rank;
  };
  const sorted = roots
    .map((root, index) => ({ root, index }))
    .sort(
      (a, b) =>
        scopeRank(a.root.scope) - scopeRank(b.root.scope) ||
        (a.root.distance ?? 0) - (b.root.distance ?? 0) ||
        providerRank(a.root.provider) - providerRank(b.root.provider) ||
        a.index - b.index,
    );
  const seen = new Set<string>();
  const unique: Root[] = [];
  for (const { root } of sorted) {
    if (seen.has(root.path)) continue;
    seen.add(root.path);
    unique.push(root);
  }
  return unique;
}
