/**
 * @module The one containment rule for skill files (SPEC §9, §15): a real path is inside a real folder.
 */
import { sep } from "node:path";

/** True when `path` is `folder` or below it. Both must be real (symbolic links resolved) and absolute. */
export function isInside(folder: string, path: string): boolean {
  if (path === folder) return true;
  const prefix = folder.endsWith(sep) ? folder : folder + sep;
  return path.startsWith(prefix);
}
