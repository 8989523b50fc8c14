/**
 * @module Where the skills bundled with the package live (the system scope).
 */
import { corePackagePath } from "../fs/core-package-path.js";

/** Absolute path of the system skills folder that ships with the package (`packages/core/skills`). */
export function systemSkillsDir(): string {
  return corePackagePath("skills");
}
