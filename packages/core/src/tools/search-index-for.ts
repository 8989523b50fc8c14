/**
 * @module The search index the tools use: the host's, or one built on first search; either way brought
 * in line with the registry's current entries before each search (a no-op when nothing changed).
 */
import { createSkillSearch } from "../search/create-skill-search.js";
import type { SkillSearch } from "../search/search-types.js";
import type { SkillToolsContext } from "./tools-context.js";

const built = new WeakMap<SkillToolsContext, SkillSearch>();

/** The index for `context`, synced with `context.registry.entries()`. */
export function searchIndexFor(context: SkillToolsContext): SkillSearch {
  const entries = context.registry.entries();
  const index = context.search ?? built.get(context);
  if (index) {
    index.sync(entries);
    return index;
  }
  const { config, cwd } = context.registry;
  const created = createSkillSearch(entries, {
    ...(config ? { config: config.search, scopeOrder: config.discovery.scopeOrder } : {}),
    ...(cwd === undefined ? {} : { cwd }),
    ...(context.isHidden ? { isHidden: context.isHidden } : {}),
  });
  built.set(context, created);
  return created;
}
