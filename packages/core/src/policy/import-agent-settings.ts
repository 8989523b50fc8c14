/**
 * @module The agents' own settings, honoured (SPEC §11): a skill a person switched off in Codex, Claude
 * Code or OpenCode stays off in skillset too. The project's settings files (`.claude/settings.json`, …)
 * arrive with a clone: unless the person trusts the project they may only narrow — their deny and ask
 * rules apply, their allow rules do not, and they never override the person's own per-skill settings.
 */

import { join } from "node:path";
import {
  isProjectFile,
  PROJECT_WIDENING_FILES,
  type ProjectTrust,
  projectSettingIgnored,
} from "../config/project-trust.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { claudePluginsDir } from "../roots/installed-claude-plugins.js";
import { type ImportedSettings, noImportedSettings } from "./imported-settings.js";
import type { RuleOrigin } from "./permission-rules.js";
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
  /**
   * Whether the person trusts the project, asked only when a project file would widen something.
   * Absent: the project is not trusted.
   */
  trust?: () => Promise<Pick<ProjectTrust, "state" | "record">>;
}

type Reader = (files: string[]) => Promise<ImportedSettings>;

/**
 * Reads Codex, Claude Code and OpenCode settings for this user and project. Never throws: a file that
 * cannot be used is a warning naming it, and everything else is still imported.
 * @example const imported = await importAgentSettings({ home, env: process.env, projectRoot });
 */
export async function importAgentSettings(location: AgentSettingsLocation): Promise<ImportedSettings> {
  const fs = location.fs ?? nodeFileSystem;
  const readers: [string[], Reader][] = [
    [codexSettingsFiles(location), (files) => readCodexSettings(files, fs, location.home)],
    [
      claudeSettingsFiles(location),
      (files) =>
        readClaudeSettings(files, fs, {
          pluginsDir: claudePluginsDir({ ...location, cwd: location.projectRoot }),
          projectRoot: location.projectRoot,
        }),
    ],
    [opencodeSettingsFiles(location), (files) => readOpencodeSettings(files, fs)],
  ];
  const split = await Promise.all(
    readers.map(([files, read]) => readApart(files, read, location.projectRoot)),
  );
  // Trust is looked up only when the project has settings files of its own (most have none).
  const inProject = split.some(({ project }) => project.files.length > 0);
  let trust: Pick<ProjectTrust, "state" | "record"> = { state: "untrusted" };
  if (inProject && location.trust) trust = await location.trust();
  const parts =
    trust.state === "trusted"
      ? await Promise.all(readers.map(([files, read]) => readTrusted(files, read, location.projectRoot)))
      : split.map(({ person, project }) => narrowed(person, project, trust));
  const all = noImportedSettings();
  for (const part of parts) {
    all.rules.push(...part.rules);
    all.overrides.push(...part.overrides);
    all.files.push(...part.files);
    all.diagnostics.push(...part.diagnostics);
  }
  return all;
}

/**
 * A trusted project's files that the trust covers (its digest: the files at the root) are read together
 * with the person's, exactly as the agent reads them; any other project file (an `opencode.json` in a
 * folder between the root and the cwd) may only narrow, as if the project were not trusted — trusting
 * the project did not look at it, and a pull may add it.
 */
async function readTrusted(files: string[], read: Reader, projectRoot: string): Promise<ImportedSettings> {
  const covered = new Set(PROJECT_WIDENING_FILES.map((name) => join(projectRoot, name)));
  const uncovered = files.filter((file) => isProjectFile(file, projectRoot) && !covered.has(file));
  const together = await read(files.filter((file) => !uncovered.includes(file)));
  if (uncovered.length === 0) return together;
  return narrowed(together, await read(uncovered), { state: "trusted" }, OUTSIDE_TRUST);
}

/** How to let a project file the trust does not cover apply. */
const OUTSIDE_TRUST =
  "`skillset trust` covers only the settings files at the project root; move the setting there and trust the project again";

/** Reads the person's files and the project's files apart, so the project's cannot override the person's per key. */
async function readApart(
  files: string[],
  read: Reader,
  projectRoot: string,
): Promise<{ person: ImportedSettings; project: ImportedSettings }> {
  const inProject = files.filter((file) => isProjectFile(file, projectRoot));
  const [person, project] = await Promise.all([
    read(files.filter((file) => !inProject.includes(file))),
    inProject.length > 0 ? read(inProject) : noImportedSettings(),
  ]);
  return { person, project };
}

/**
 * The person's settings with the project's narrowing ones: the project's deny and ask rules are added,
 * its allow rules ignored (a warning each), and its overrides go first so the person's win.
 */
function narrowed(
  person: ImportedSettings,
  project: ImportedSettings,
  trust: Pick<ProjectTrust, "state" | "record">,
  advice?: string,
): ImportedSettings {
  const diagnostics = [...person.diagnostics, ...project.diagnostics];
  const ignore = (origin: RuleOrigin, widens: string) =>
    diagnostics.push(
      projectSettingIgnored(
        origin.file ?? "",
        origin.setting ?? "a setting",
        widens,
        trust,
        origin.line,
        advice,
      ),
    );
  for (const rule of project.rules) {
    if (rule.action === "allow")
      ignore(rule.origin, "answers ask rules for you, so a skill loads without asking");
  }
  // The person's own per-skill settings come last and win; say so where the project's would have won.
  const mine = new Set([...person.overrides.map((o) => o.skill), ...person.rules.map((rule) => rule.skill)]);
  for (const override of project.overrides) {
    if (mine.has(override.skill)) ignore(override.origin, "overrides your own setting for this skill");
  }
  return {
    rules: [...person.rules, ...project.rules.filter((rule) => rule.action !== "allow")],
    overrides: [...project.overrides, ...person.overrides],
    files: [...person.files, ...project.files],
    diagnostics,
  };
}
