/**
 * @module Where the skills bundled with the package live (the system scope).
 */
import { fileURLToPath } from "node:url";

/**
 * Absolute path of the bundled system skills folder (`packages/core/skills`). This file sits at the same
 * depth in `src/roots/` and `dist/roots/`, so one relative URL serves both.
 */
export function systemSkillsDir(): string {
  return fileURLToPath(new URL("../../skills", import.meta.url));
}
