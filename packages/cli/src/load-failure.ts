/**
 * @module Why a path or a name names no skill when a SKILL.md is there: the registry's errors for that file
 * (too large, not UTF-8, bad YAML, …) or the link to it that was not followed, as `doctor` shows them,
 * instead of a bare "No skill named '<key>'" and a hint to `list --all`, which lists only skills that loaded.
 */
import { basename, dirname, join, resolve } from "node:path";
import { type Diagnostic, inertForTerminal } from "@skillset/core/model";
import { looksLikePath, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { fs } from "./node-fs.js";

/** The paths `key` may stand for: the file or folder given (and its real path) and a folder's SKILL.md. */
function pathsOf(registry: SkillRegistry, key: string): Set<string> {
  const given = resolve(registry.cwd, key);
  const paths = [given];
  try {
    paths.push(fs.realpathSync(given));
  } catch {
    // Nothing there: only a diagnostic for exactly this path can match.
  }
  return new Set(paths.flatMap((path) => [path, join(path, "SKILL.md")]));
}

/**
 * Whether a load error is about the SKILL.md of a folder named `name`: the name that skill would have had
 * (a skill that cannot be parsed has no frontmatter name; lenient loading names it after its folder).
 */
function isFailureOfName(found: Diagnostic, name: string): boolean {
  if (basename(found.path).toLowerCase() === "skill.md") return basename(dirname(found.path)) === name;
  // A link to the skill's folder, not followed.
  return found.code === LINK_NOT_FOLLOWED && basename(found.path) === name;
}

/** A link that leads out of the roots: not followed, so the skill behind it is not loaded (a warning). */
const LINK_NOT_FOLLOWED = "link-leaves-roots";

/** What keeps a skill out: an error, or a link to it that was not followed. */
function keepsOut(found: Diagnostic): boolean {
  return found.severity === "error" || found.code === LINK_NOT_FOLLOWED;
}

/**
 * The message for a path, or a name, whose SKILL.md failed to load — the file, each error with its code
 * and fix — or undefined when the registry has no load error for that file or name.
 */
export async function loadFailureMessage(
  context: CommandContext,
  registry: SkillRegistry,
  key: string,
): Promise<string | undefined> {
  const isPath = looksLikePath(key);
  const paths = isPath ? pathsOf(registry, key) : undefined;
  const errors: Diagnostic[] = registry
    .diagnostics()
    .filter((found) => keepsOut(found) && (paths ? paths.has(found.path) : isFailureOfName(found, key)));
  if (errors.length === 0) return undefined;
  // Loaded only here: the diagnostics printer brings the terminal-width code.
  const { formatDiagnostics } = await import("./print-diagnostics.js");
  const text = formatDiagnostics([{ path: "", dir: "", valid: false, diagnostics: errors }], {
    cwd: context.cwd,
    color: context.color,
  });
  const noun = errors.every((found) => found.severity === "error") ? "error" : "problem";
  const fix = errors.length === 1 ? `this ${noun}` : `these ${noun}s`;
  if (isPath)
    return `No skill could be loaded from '${inertForTerminal(key)}'; fix ${fix} in its SKILL.md:\n${text.trimEnd()}`;
  const files = [...new Set(errors.map((found) => found.path))];
  const where = !files.every((file) => basename(file).toLowerCase() === "skill.md")
    ? "the link to it"
    : files.length === 1
      ? "its SKILL.md"
      : `its ${files.length} SKILL.md files`;
  return `Skill '${inertForTerminal(key)}' did not load, so list, load and the model leave it out; fix ${fix} in ${where}:\n${text.trimEnd()}`;
}
