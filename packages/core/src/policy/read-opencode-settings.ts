/**
 * @module OpenCode's own switches (SPEC §11): `permission.skill` — one action for every skill, or
 * `{ glob: action }` where the last matching glob wins — in every file OpenCode merges its configuration
 * from, in its order: the user's `$XDG_CONFIG_HOME/opencode/{config.json,opencode.json,opencode.jsonc}`,
 * `$OPENCODE_CONFIG`, `opencode.jsonc` then `opencode.json` in each folder from the project root down to
 * the working directory, `.opencode/opencode.json[c]` in those folders, `~/.opencode/` and
 * `$OPENCODE_CONFIG_DIR`.
 */
import { join, relative, sep } from "node:path";
import type { ParseError } from "jsonc-parser";
import type { FileSystem } from "../fs/file-system.js";
import {
  type ImportedSettings,
  lineOf,
  noImportedSettings,
  readSettingsFile,
  settingsWarning,
} from "./imported-settings.js";

/** The folders from `projectRoot` down to `cwd` (root first); only the root when `cwd` is outside it. */
function foldersDown(projectRoot: string, cwd: string | undefined): string[] {
  const folders = [projectRoot];
  if (cwd === undefined) return folders;
  const below = relative(projectRoot, cwd);
  if (below === "" || below.startsWith("..") || below.startsWith(sep)) return folders;
  let current = projectRoot;
  for (const part of below.split(sep)) {
    current = join(current, part);
    folders.push(current);
  }
  return folders;
}

/** OpenCode's config files, in the order it merges them (a later file wins). */
export function opencodeSettingsFiles(options: {
  home: string;
  env: Record<string, string | undefined>;
  projectRoot: string;
  /** The working directory: `opencode.json` files between the project root and it apply too. */
  cwd?: string;
}): string[] {
  const { env, home } = options;
  const configHome = env.XDG_CONFIG_HOME || join(home, ".config");
  const user = join(configHome, "opencode");
  const folders = foldersDown(options.projectRoot, options.cwd);
  const files = [join(user, "config.json"), join(user, "opencode.json"), join(user, "opencode.jsonc")];
  if (env.OPENCODE_CONFIG) files.push(env.OPENCODE_CONFIG);
  for (const name of ["opencode.jsonc", "opencode.json"]) {
    for (const folder of folders) files.push(join(folder, name));
  }
  const packs = [...folders.map((folder) => join(folder, ".opencode")), join(home, ".opencode")];
  if (env.OPENCODE_CONFIG_DIR) packs.push(env.OPENCODE_CONFIG_DIR);
  for (const pack of packs) files.push(join(pack, "opencode.jsonc"), join(pack, "opencode.json"));
  return [...new Set(files)];
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
  const entries: {
    glob: string;
    action: "allow" | "ask" | "deny";
    file: string;
    setting: string;
    line?: number;
  }[] = [];
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
          ...lineOf(text, JSON.stringify(glob)),
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
      origin: {
        kind: "opencode",
        file: entry.file,
        setting: entry.setting,
        ...(entry.line === undefined ? {} : { line: entry.line }),
      },
    });
  });
  return result;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
