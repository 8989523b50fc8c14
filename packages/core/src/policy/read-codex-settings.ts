/**
 * @module Codex's own switches (SPEC §11): `[[skills.config]]` entries (`path` or `name`, `enabled`) in
 * `$CODEX_HOME/config.toml` (default `~/.codex/config.toml`). Codex reads these entries from the user's
 * file only (and `-c` flags), never from a project's `.codex/config.toml`, and compares a `path` after
 * making it canonical (links resolved): so does this.
 */
import { join } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import {
  type ImportedSettings,
  lineOf,
  noImportedSettings,
  readSettingsFile,
  settingsWarning,
} from "./imported-settings.js";
import { escapeGlob } from "./skill-glob.js";

/**
 * Where Codex keeps the configuration its skill switches come from: the user's `config.toml` only (a
 * project's `.codex/config.toml` cannot switch skills in Codex, so it does not here either).
 */
export function codexSettingsFiles(options: {
  home: string;
  env: Record<string, string | undefined>;
  projectRoot?: string;
}): string[] {
  const codexHome = options.env.CODEX_HOME || join(options.home, ".codex");
  return [join(codexHome, "config.toml")];
}

/**
 * A `path` selector as Codex compares it: `~/` expanded, then canonical (links resolved); as written when
 * it does not exist (nothing to resolve; it then matches no skill found through a link either).
 */
async function canonicalPath(selector: string, fs: FileSystem, home: string | undefined): Promise<string> {
  const expanded =
    home !== undefined && (selector === "~" || selector.startsWith("~/"))
      ? home + selector.slice(1)
      : selector;
  try {
    return await fs.realpath(expanded);
  } catch {
    return selector;
  }
}

/**
 * Reads each file with a real TOML parser (smol-toml, loaded only when a file exists). Per selector the last entry
 * wins, as in Codex; each selector left `enabled = false` becomes a deny rule for every path. A file that
 * is not valid TOML, or whose `skills.config` is not a list of tables, is one warning naming the file.
 */
export async function readCodexSettings(
  files: readonly string[],
  fs: FileSystem,
  home?: string,
): Promise<ImportedSettings> {
  const result = noImportedSettings();
  let toml: typeof import("smol-toml") | undefined;
  for (const file of files) {
    const text = await readSettingsFile(file, fs, result);
    if (text === undefined) continue;
    toml ??= await import("smol-toml");
    const { parse, TomlError } = toml;
    let document: Record<string, unknown>;
    try {
      document = parse(text);
    } catch (error) {
      const where = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : "";
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      result.diagnostics.push(settingsWarning(file, `is not valid TOML${where} (${reason})`));
      continue;
    }
    const skills = document.skills;
    if (skills === undefined) continue;
    const entries = isTable(skills) ? skills.config : undefined;
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) {
      result.diagnostics.push(
        settingsWarning(file, "has `skills.config` that is not a list of [[skills.config]] tables"),
      );
      continue;
    }
    const last = new Map<
      string,
      { selector: string; enabled: boolean; setting: string; path: boolean; line?: number }
    >();
    entries.forEach((entry, index) => {
      const selector = isTable(entry)
        ? (stringField(entry, "path") ?? stringField(entry, "name"))
        : undefined;
      const enabled = isTable(entry) ? entry.enabled : undefined;
      if (selector === undefined || typeof enabled !== "boolean") {
        result.diagnostics.push(
          settingsWarning(
            file,
            `has [[skills.config]] entry ${index + 1} without a \`path\` or \`name\` and a boolean \`enabled\``,
          ),
        );
        return;
      }
      const key = isTable(entry) && typeof entry.path === "string" ? "path" : "name";
      last.set(`${key}\u0000${selector}`, {
        selector,
        enabled,
        path: key === "path",
        setting: `[[skills.config]] ${key} = ${JSON.stringify(selector)}, enabled = ${enabled}`,
        ...lineOf(text, JSON.stringify(selector), `'${selector}'`),
      });
    });
    for (const { selector, enabled, setting, path, line } of last.values()) {
      if (enabled) continue;
      const skill = path ? await canonicalPath(selector, fs, home) : selector;
      result.rules.push({
        action: "deny",
        skill: escapeGlob(skill),
        origin: { kind: "codex", file, setting, ...(line === undefined ? {} : { line }) },
      });
    }
  }
  return result;
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringField(table: Record<string, unknown>, key: string): string | undefined {
  const value = table[key];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
