/**
 * @module What the agents' own settings say about skills (SPEC §11), read from Codex, Claude Code and
 * OpenCode files: permission rules, and Claude Code's per-skill overrides. Each piece carries its file.
 */
import type { FileSystem } from "../fs/file-system.js";
import { readCappedText, TOO_LARGE_CODE, type TooLargeError } from "../fs/read-capped-text.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { PolicyRule, RuleOrigin } from "./permission-rules.js";

/**
 * Claude Code's `skillOverrides` values other than `off` (which becomes a deny rule): `name-only` lists
 * the skill without its description, `user-invocable-only` hides it from the model, `on` changes nothing.
 */
export interface SkillOverride {
  /** The skill's qualified name, as written. */
  skill: string;
  mode: "on" | "name-only" | "user-invocable-only";
  origin: RuleOrigin;
}

/** Everything imported from one agent's files (or from all of them). */
export interface ImportedSettings {
  rules: PolicyRule[];
  overrides: SkillOverride[];
  /** Settings files that existed and were read, in the order they apply. */
  files: string[];
  /** One warning per file that could not be used (whole or in part), naming the file. */
  diagnostics: Diagnostic[];
}

/** An empty result. */
export function noImportedSettings(): ImportedSettings {
  return { rules: [], overrides: [], files: [], diagnostics: [] };
}

/** Reads a settings file: its text, `undefined` when it does not exist, or a warning when unreadable. */
export async function readSettingsFile(
  file: string,
  fs: FileSystem,
  into: ImportedSettings,
): Promise<string | undefined> {
  try {
    // Capped as skillset's own settings files are: the project's trust digest takes a larger file by its
    // size alone, so it must never be read (a same-size swap would then go unnoticed).
    const text = await readCappedText(fs, file);
    into.files.push(file);
    return text;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    const problem =
      code === TOO_LARGE_CODE
        ? `is ${((error as TooLargeError).size / 1024 / 1024).toFixed(1)} MiB, over the 1 MiB a settings file may have, so it is not read`
        : `cannot be read (${code ?? String(error)})`;
    into.diagnostics.push(settingsWarning(file, problem));
    return undefined;
  }
}

/** A warning about an agent's settings file: what was wrong and that the rest still applies. */
export function settingsWarning(file: string, problem: string): Diagnostic {
  return diagnostic(
    "warning",
    "agent-settings-invalid",
    `${file} ${problem}; its skill settings were not imported (everything else still applies). Fix the file, or set policy.importAgentSettings to false.`,
    file,
  );
}

/**
 * `{ line }` for the first line of `text` holding any of `needles` (how a setting is written there), or
 * `{}` when none does: a refusal then names the line of the rule as well as its file.
 */
export function lineOf(text: string, ...needles: string[]): { line?: number } {
  for (const needle of needles) {
    const at = text.indexOf(needle);
    if (at < 0) continue;
    let line = 1;
    for (let index = text.indexOf("\n"); index >= 0 && index < at; index = text.indexOf("\n", index + 1))
      line++;
    return { line };
  }
  return {};
}
