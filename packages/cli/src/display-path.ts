/**
 * @module How a path is shown to a person (kept apart from the diagnostics printer, so that a command
 * printing paths does not load the terminal-width packages).
 */
import { isAbsolute, relative, sep } from "node:path";
import { inertForTerminal } from "@skillset/core/model";

/**
 * A path as shown to a person: relative to `cwd` when inside it (always shorter), else absolute — never a
 * climb like `../../../../home/…`; a remote skill's `mcp://` URL as written. Control characters in it are made visible (a path comes from a skill).
 */
export function displayPath(path: string, cwd: string): string {
  // A remote skill's path is a URL (`mcp://<label>/<uri>`, SPEC §16), not a file: shown as it is.
  if (/^mcp:\/\//.test(path)) return inertForTerminal(path);
  const rel = relative(cwd, path);
  if (rel === "") return ".";
  if (rel.startsWith("..") || isAbsolute(rel)) return inertForTerminal(path);
  return inertForTerminal(rel.split(sep).join("/"));
}
