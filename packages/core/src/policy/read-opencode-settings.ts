/**
 * @module OpenCode's own switches (SPEC §11): `permission.skill` — one action for every skill, or
 * `{ glob: action }` where the last matching glob wins — in the user's
 * `$XDG_CONFIG_HOME/opencode/opencode.json[c]` and the project's `opencode.json[c]`.
 */
import { join } from "node:path";
import type { ParseError } from "jsonc-parser";
import type { FileSystem } from "../fs/file-system.js";
import {
  type ImportedSettings,
  noImportedSettings,
  readSettingsFile,
  settingsWarning,
} from "./imported-settings.js";

/** OpenCode's config files, user first. */
export function opencodeSettingsFiles(options: {
  home: string;
  env: Record<string, string | undefined>;
  projectRoot: string;
}): string[] {
  const configHome = options.env.XDG_CONFIG_HOME || join(options.home, ".config");
  const user = join(configHome, "opencode");
  return [
    join(user, "opencode.json"),
    join(user, "opencode.jsonc"),
    join(options.projectRoot, "opencode.json"),
    join(options.projectRoot, "opencode.jsonc"),
  ];
}

const actions = new Set(["allow", "ask", "deny"]);

/**
 * Reads the files (JSON with comments, as OpenCode allows) with jsonc-parser, loaded only when a file exists.
 * Entries of every file form one list, user first; since the last matching entry wins in OpenCode, each
 * becomes a rule that steps aside (`except`) for the globs after it, so deny-beats-allow never changes
 * OpenCode's answer. A file that does not parse, or a bad value, is a warning naming the file.
 */
export async function readOpencodeSettings(
  files: readonly string[],
  fs: FileSystem,
): Promise<ImportedSettings> {
  const result = noImportedSettings();
  let parser: typeof import("jsonc-parser") | undefined;
  const entries: { glob: string; action: "allow" | "ask" | "deny"; file: string; setting: string }[] = [];
  for (const file of files) {
    const text = await readSettingsFile(file, fs, result);
    if (text === undefined) continue;
    parser ??= await import("jsonc-parser");
    const { parse, printParseErrorCode } = parser;
    const errors: ParseError[] = [];
    const value: unknown = parse(text, errors, { allowTrailingComma: true });
    const first = errors[0];
    if (first) {
      const line = text.slice(0, first.offset).split("\n").length;
      result.diagnostics.push(
        settingsWarning(file, `is not valid JSON at line ${line} (${printParseErrorCode(first.error)})`),
      );
      continue;
    }
    const permission = isObject(value) ? value.permission : undefined;
    const skill = isObject(permission) ? permission.skill : undefined;
    if (skill === undefined) continue;
    if (typeof skill === "string") {
      if (actions.has(skill)) {
        entries.push({ glob: "*", action: skill as "allow", file, setting: `permission.skill: ${skill}` });
      } else {
        result.diagnostics.push(
          settingsWarning(file, `has permission.skill = ${JSON.stringify(skill)}, not allow, ask or deny`),
        );
      }
      continue;
    }
    if (!isObject(skill)) {
      result.diagnostics.push(
        settingsWarning(file, "has `permission.skill` that is neither an action nor an object of globs"),
      );
      continue;
    }
    for (const [glob, action] of Object.entries(skill)) {
      if (typeof action === "string" && actions.has(action)) {
        entries.push({
          glob,
          action: action as "allow",
          file,
          setting: `permission.skill.${JSON.stringify(glob)}: ${action}`,
        });
      } else {
        result.diagnostics.push(
          settingsWarning(
            file,
            `has permission.skill[${JSON.stringify(glob)}] = ${JSON.stringify(action)}, not allow, ask or deny`,
          ),
        );
      }
    }
  }
  entries.forEach((entry, index) => {
    const later = [...new Set(entries.slice(index + 1).map((next) => next.glob))];
    result.rules.push({
      action: entry.action,
      skill: entry.glob,
      ...(later.length > 0 ? { except: later } : {}),
      origin: { kind: "opencode", file: entry.file, setting: entry.setting },
    });
  });
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
