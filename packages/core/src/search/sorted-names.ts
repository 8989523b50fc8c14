/**
 * @module Lowercased skill names kept sorted, so the exact-name and name-prefix tiers of a search cost a
 * binary search plus the matches, not a pass over every skill.
 */

/** A sorted multiset of `(name, id)` pairs. */
export interface SortedNames {
  add(name: string, id: string): void;
  /** Adds many pairs at once (one sort instead of a splice each). */
  addAll(pairs: readonly (readonly [string, string])[]): void;
  remove(name: string, id: string): void;
  /** Calls `visit` for each pair whose name starts with `prefix` (exact matches included), in name order. */
  forPrefix(prefix: string, visit: (name: string, id: string) => void): void;
}

/** An empty set; `add` keeps it sorted (insertion is a binary search and one splice). */
export function createSortedNames(): SortedNames {
  const names: string[] = [];
  const ids: string[] = [];
  /** First position whose `(name, id)` is not below `(name, id)`. */
  const lowerBound = (name: string, id: string) => {
    let low = 0;
    let high = names.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const at = names[middle] as string;
      if (at < name || (at === name && (ids[middle] as string) < id)) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  return {
    add(name, id) {
      const at = lowerBound(name, id);
      names.splice(at, 0, name);
      ids.splice(at, 0, id);
    },
    addAll(pairs) {
      const all = names.map((name, at) => [name, ids[at] as string] as const).concat(pairs);
      all.sort(([nameA, idA], [nameB, idB]) =>
        nameA < nameB ? -1 : nameA > nameB ? 1 : idA < idB ? -1 : idA > idB ? 1 : 0,
      );
      names.length = 0;
      ids.length = 0;
      for (const [name, id] of all) {
        names.push(name);
        ids.push(id);
      }
    },
    remove(name, id) {
      const at = lowerBound(name, id);
      if (names[at] === name && ids[at] === id) {
        names.splice(at, 1);
        ids.splice(at, 1);
      }
    },
    forPrefix(prefix, visit) {
      for (let at = lowerBound(prefix, ""); at < names.length; at++) {
        const name = names[at] as string;
        if (!name.startsWith(prefix)) return;
        visit(name, ids[at] as string);
      }
    },
  };
}
