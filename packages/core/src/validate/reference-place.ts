/**
 * @module Where a relative file named in SKILL.md leads: inside the skill's folder, or out of it (an
 * absolute path, `..`, or a link inside the skill that leads out). Lint checks files only inside the skill
 * and never tells whether a file outside it exists (SPEC §15).
 */
import { dirname, isAbsolute, resolve } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import { isSameOrInside } from "../fs/index.js";

/**
 * `inside` when `target` (relative to `skillDir`) stays in the skill, `leaves` otherwise. Decided the
 * same way whether the outside file exists or not: by the path, then by the real path of the nearest
 * existing folder on the way (a link inside the skill may point out).
 */
export async function referencePlace(
  skillDir: string,
  target: string,
  fs: FileSystem,
): Promise<"inside" | "leaves"> {
  if (isAbsolute(target) || /^[A-Za-z]:/.test(target)) return "leaves";
  const lexical = resolve(skillDir, target);
  if (!isSameOrInside(lexical, resolve(skillDir))) return "leaves";
  const skillReal = await fs.realpath(skillDir).catch(() => resolve(skillDir));
  // The nearest existing path on the way to the target, by its real path.
  for (let path = lexical; isSameOrInside(path, resolve(skillDir)); path = dirname(path)) {
    const real = await fs.realpath(path).catch(() => undefined);
    if (real !== undefined) return isSameOrInside(real, skillReal) ? "inside" : "leaves";
    if (path === dirname(path)) break;
  }
  return "inside";
}
