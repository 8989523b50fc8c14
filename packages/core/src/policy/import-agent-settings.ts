/**
 * @module The agents' own settings, honoured (SPEC §11): a skill a person switched off in Codex, Claude
 * Code or OpenCode stays off in skillset too.
 */
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { claudePluginsDir } from "../roots/installed-claude-plugins.js";
import { type ImportedSettings, noImportedSettings } from "./imported-settings.js";
import { claudeSettingsFiles, readClaudeSettings } from "./read-claude-settings.js";
import { codexSettingsFiles, readCodexSettings } from "./read-codex-settings.js";
import { opencodeSettingsFiles, readOpencodeSettings } from "./read-opencode-settings.js";

/** Where to look: the home folder, the environment (`CODEX_HOME`, `CLAUDE_CONFIG_DIR`, `XDG_CONFIG_HOME`) and the project. */
export interface AgentSettingsLocation {
  home: string;
  env: Record<string, string | undefined>;
  projectRoot: string;
  /** The working directory (default: the project root): OpenCode also reads files between the two. */
  cwd?: string;
  fs?: FileSystem;
}

/**
 * Reads Codex, Claude Code and OpenCode settings for this user and project. Never throws: a file that
 * cannot be used is a warning naming it, and everything else is still imported.
 * @example const imported = await importAgentSettings({ home, env: process.env, projectRoot });
 */
export async function importAgentSettings(location: AgentSettingsLocation): Promise<ImportedSettings> {
  const fs = location.fs ?? nodeFileSystem;
  const parts = await Promise.all([
    readCodexSettings(codexSettingsFiles(location), fs, location.home),
    readClaudeSettings(claudeSettingsFiles(location), fs, {
      pluginsDir: claudePluginsDir({ ...location, cwd: location.projectRoot }),
      projectRoot: location.projectRoot,
    }),
    readOpencodeSettings(opencodeSettingsFiles(location), fs),
  ]);
  const all = noImportedSettings();
  for (const part of parts) {
    all.rules.push(...part.rules);
    all.overrides.push(...part.overrides);
    all.files.push(...part.files);
    all.diagnostics.push(...part.diagnostics);
  }
  return all;
}
