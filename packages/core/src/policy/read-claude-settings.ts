/**
 * @module Claude Code's own switches (SPEC §11): `Skill(name)` / `Skill(name *)` entries in
 * `permissions.allow|deny|ask`, `skillOverrides` (`on`, `name-only`, `user-invocable-only`, `off`) and
 * `enabledPlugins` (`"name@marketplace": false` switches a plugin's skills off), in the user's `settings.json` and the project's `.claude/settings.json` and `.claude/settings.local.json`.
 */
import { join } from "node:path";
import { parseJsonText } from "../config/parse-json-text.js";
import type { FileSystem } from "../fs/file-system.js";
import {
  type ImportedSettings,
  lineOf,
  noImportedSettings,
  readSettingsFile,
  type SkillOverride,
  settingsWarning,
} from "./imported-settings.js";
import type { RuleOrigin } from "./permission-rules.js";
import { type SwitchedOffPlugin, switchedOffPluginRules } from "./switched-off-plugins.js";

/** Claude Code's settings files, lowest precedence first. */
export function claudeSettingsFiles(options: {
  home: string;
  env: Record<string, string | undefined>;
  projectRoot: string;
}): string[] {
  const userDir = options.env.CLAUDE_CONFIG_DIR || join(options.home, ".claude");
  return [
    join(userDir, "settings.json"),
    join(options.projectRoot, ".claude", "settings.json"),
    join(options.projectRoot, ".claude", "settings.local.json"),
  ];
}

const overrideModes = new Set(["on", "off", "name-only", "user-invocable-only"]);

/**
 * `Skill` or `Skill(*)` names every skill; `Skill(name)`, `Skill(name *)` and `Skill(name:*)` name the
 * skill `name` (with any arguments). Anything else (other tools, `Bash(...)`) is not about skills.
 */
export function claudeSkillGlob(entry: string): string | undefined {
  const match = /^Skill(?:\((.*)\))?$/.exec(entry.trim());
  if (!match) return undefined;
  const inner = (match[1] ?? "*")
    .trim()
    .replace(/(?:\s+\*|:\*)$/, "")
    .trim();
  return inner === "" ? "*" : inner;
}

/**
 * Reads the files in order. Permission entries from every file apply (as in Claude Code, lists
 * combine); `skillOverrides` and `enabledPlugins` merge per key, the later file winning. `off` becomes a
 * deny rule, and so does a plugin left `false` (over its folders in `plugins`, Claude Code's plugins folder).
 * A file that is not JSON, or a key of the wrong shape, is a warning naming the file and key; the other
 * keys and files still apply.
 */
export async function readClaudeSettings(
  files: readonly string[],
  fs: FileSystem,
  plugins?: { pluginsDir: string; projectRoot: string },
): Promise<ImportedSettings> {
  const result = noImportedSettings();
  const overrides = new Map<string, { mode: string; origin: RuleOrigin }>();
  const enabledPlugins = new Map<string, { enabled: boolean; origin: RuleOrigin }>();
  for (const file of files) {
    const text = await readSettingsFile(file, fs, result);
    if (text === undefined) continue;
    const parsed = parseJsonText(text);
    if (!parsed.ok) {
      const { line, column, reason } = parsed.error;
      result.diagnostics.push(
        settingsWarning(file, `is not valid JSON at line ${line}, column ${column} (${reason})`),
      );
      continue;
    }
    if (!isObject(parsed.value)) {
      result.diagnostics.push(settingsWarning(file, "is not a JSON object"));
      continue;
    }
    const permissions = parsed.value.permissions;
    if (permissions !== undefined && !isObject(permissions)) {
      result.diagnostics.push(settingsWarning(file, "has `permissions` that is not an object"));
    } else if (permissions) {
      for (const action of ["deny", "allow", "ask"] as const) {
        const list = permissions[action];
        if (list === undefined) continue;
        if (!Array.isArray(list)) {
          result.diagnostics.push(settingsWarning(file, `has \`permissions.${action}\` that is not a list`));
          continue;
        }
        for (const entry of list) {
          const skill = typeof entry === "string" ? claudeSkillGlob(entry) : undefined;
          if (skill === undefined) continue;
          result.rules.push({
            action,
            skill,
            origin: {
              kind: "claude",
              file,
              setting: `permissions.${action}: ${entry}`,
              ...lineOf(text, JSON.stringify(entry)),
            },
          });
        }
      }
    }
    const skillOverrides = parsed.value.skillOverrides;
    if (skillOverrides !== undefined && !isObject(skillOverrides)) {
      result.diagnostics.push(settingsWarning(file, "has `skillOverrides` that is not an object"));
    } else if (skillOverrides) {
      for (const [skill, mode] of Object.entries(skillOverrides)) {
        if (typeof mode !== "string" || !overrideModes.has(mode)) {
          result.diagnostics.push(
            settingsWarning(
              file,
              `has skillOverrides.${skill} = ${JSON.stringify(mode)}, not on, off, name-only or user-invocable-only`,
            ),
          );
          continue;
        }
        overrides.set(skill, {
          mode,
          origin: {
            kind: "claude",
            file,
            setting: `skillOverrides.${skill}: ${mode}`,
            ...lineOf(text, JSON.stringify(skill)),
          },
        });
      }
    }
    const pluginSwitches = parsed.value.enabledPlugins;
    if (pluginSwitches !== undefined && !isObject(pluginSwitches)) {
      result.diagnostics.push(settingsWarning(file, "has `enabledPlugins` that is not an object"));
    } else if (pluginSwitches) {
      for (const [key, enabled] of Object.entries(pluginSwitches)) {
        if (typeof enabled !== "boolean") {
          result.diagnostics.push(
            settingsWarning(
              file,
              `has enabledPlugins.${key} = ${JSON.stringify(enabled)}, not true or false`,
            ),
          );
          continue;
        }
        enabledPlugins.set(key, {
          enabled,
          origin: { kind: "claude", file, setting: `enabledPlugins.${key}: ${enabled}` },
        });
      }
    }
  }
  if (plugins) {
    const off: SwitchedOffPlugin[] = [];
    for (const [key, { enabled, origin }] of enabledPlugins) if (!enabled) off.push({ key, origin });
    result.rules.push(...(await switchedOffPluginRules(off, plugins, fs)));
  }
  for (const [skill, { mode, origin }] of overrides) {
    if (mode === "off") result.rules.push({ action: "deny", skill, origin });
    else result.overrides.push({ skill, mode: mode as SkillOverride["mode"], origin });
  }
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
