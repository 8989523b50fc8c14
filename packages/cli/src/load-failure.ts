/**
 * @module Why a path names no skill when a SKILL.md is there: the registry's errors for that file (too
 * large, not UTF-8, bad YAML, …), as `doctor` shows them, instead of a bare "No skill named '<path>'".
 */
import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Diagnostic, inertForTerminal } from "@skillset/core/model";
import { looksLikePath, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";

/** The paths `key` may stand for: the file or folder given (and its real path) and a folder's SKILL.md. */
function pathsOf(registry: SkillRegistry, key: string): Set<string> {
  const given = resolve(registry.cwd, key);
  const paths = [given];
  try {
    paths.push(realpathSync(given));
  } catch {
    // Nothing there: only a diagnostic for exactly this path can match.
  }
  return new Set(paths.flatMap((path) => [path, join(path, "SKILL.md")]));
}

/**
 * The message for a path whose SKILL.md failed to load — the file, each error with its code and fix —
 * or undefined when `key` is a name or the registry has no error for that file.
 */
export async function loadFailureMessage(
  context: CommandContext,
  registry: SkillRegistry,
  key: string,
): Promise<string | undefined> {
  if (!looksLikePath(key)) return undefined;
  const paths = pathsOf(registry, key);
  const errors: Diagnostic[] = registry
    .diagnostics()
    .filter((found) => found.severity === "error" && paths.has(found.path));
  if (errors.length === 0) return undefined;
  // Loaded only here: the diagnostics printer brings the terminal-width code.
  const { formatDiagnostics } = await import("./print-diagnostics.js");
  const text = formatDiagnostics([{ path: "", dir: "", valid: false, diagnostics: errors }], {
    cwd: context.cwd,
    color: context.color,
  });
  const fix = errors.length === 1 ? "this error" : "these errors";
  return `No skill could be loaded from '${inertForTerminal(key)}'; fix ${fix} in its SKILL.md:\n${text.trimEnd()}`;
}
