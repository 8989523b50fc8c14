/**
 * @module Reads and checks one `config.json` layer.
 */

import { describeReadFailure } from "../fs/describe-read-failure.js";
import { NOT_REGULAR_CODE } from "../fs/file-kind.js";
import type { FileSystem } from "../fs/file-system.js";
import { readCappedText, TOO_LARGE_CODE } from "../fs/read-capped-text.js";
import { SkillsetError } from "../model/errors.js";
import type { ConfigLayer } from "./config-schema.js";
import { parseJsonText } from "./parse-json-text.js";

/**
 * Reads `file` as a config layer. A missing file gives `undefined` unless `required` (then, like any other
 * read failure, it throws `config-unreadable`). Bad JSON throws `config-unreadable` with line and column;
 * a valid JSON value that breaks the schema throws `config-invalid`.
 */
export async function readConfigFile(
  file: string,
  fs: FileSystem,
  options: { required?: boolean; requiredBy?: string } = {},
): Promise<ConfigLayer | undefined> {
  let text: string;
  try {
    text = await readCappedText(fs, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (!options.required && (code === "ENOENT" || code === "ENOTDIR")) return undefined;
    const by = options.requiredBy ? ` (named by ${options.requiredBy})` : "";
    throw new SkillsetError(
      "config-unreadable",
      `Cannot read config file ${file}${by}: ${describeReadFailure(error)}. ${configReadFix(code)}.`,
      { path: file, cause: error },
    );
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column, reason } = parsed.error;
    throw new SkillsetError(
      "config-unreadable",
      `Cannot parse ${file} at line ${line}, column ${column}: ${reason}. Fix the JSON there (strict JSON: no comments, no trailing commas).`,
      { path: file },
    );
  }
  // The schema is loaded only when there is a file to check (most start-ups have none).
  const { validateConfigLayer } = await import("./validate-config-layer.js");
  return validateConfigLayer(parsed.value, { kind: "file", path: file });
}

/** The fix for a config file that cannot be read: a person writes it, skillset never does. */
function configReadFix(code: string | undefined): string {
  switch (code) {
    case "ENOENT":
    case "ENOTDIR":
      return "Create the file or fix the path";
    case "EISDIR":
    case NOT_REGULAR_CODE:
      return "Replace it with a regular JSON file, or fix the path";
    case TOO_LARGE_CODE:
      return "A config file holds a few settings: cut it down to those (it is plain JSON), or fix the path";
    case "EACCES":
    case "EPERM":
      return "Give your user read permission on it, or fix the path";
    default:
      return "Check the file and the folders above it, or fix the path";
  }
}
