/**
 * @module `skillset check`: what changed since install — local edits, missing copies, upstream changes,
 * sources gone. Changes nothing (SPEC §14).
 */
import type { Command } from "../command.js";
import { globalOption, limitOptions } from "../install-options.js";

export const checkCommand: Command = {
  name: "check",
  summary: "Report installed skills edited locally, missing, changed upstream or whose source is gone",
  usage: "check [names…] [--global] [--json]",
  details: "Read-only: nothing on disk changes. Exit codes: 0 everything current, 1 drift found.",
  options: { ...globalOption, json: { type: "boolean", description: "Print JSON" }, ...limitOptions },
  positionals: { max: 1000 },
  load: () => import("./check.run.js"),
};
