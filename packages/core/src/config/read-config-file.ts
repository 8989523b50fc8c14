/**
 * @module Reads and checks one `config.json` layer.
 */
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
    const reason =
      code === "ENOENT"
        ? "it does not exist"
        : code === "EISDIR"
          ? "it is a folder"
          : code === TOO_LARGE_CODE
            ? (error as Error).message
            : `${code ?? error}`;
    throw new SkillsetError(
      "config-unreadable",
      `Cannot read config file ${file}${by}: ${reason}. Create the file or fix the path.`,
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
