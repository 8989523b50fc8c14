/**
 * @module Path containment, the one test every stage uses (roots, link policy, references).
 */
import { sep } from "node:path";

/** Whether `path` is `dir` or inside it (both absolute paths, compared as given: pass real paths for links). */
export function isSameOrInside(path: string, dir: string): boolean {
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}
