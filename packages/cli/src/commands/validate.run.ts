/**
 * @module `skillset validate` — check skills against the Agent Skills specification (SPEC §4, §13).
 */
import { resolve } from "node:path";
import { strictRules, validatePaths } from "@skillset/core/validate";
import type { CommandContext } from "../command.js";
import { printReports, reportFormat } from "../print-reports.js";

export async function run(context: CommandContext): Promise<number> {
  const format = reportFormat(context.values);
  const paths = context.positionals.length > 0 ? context.positionals : ["."];
  const reports = await validatePaths(
    paths.map((path) => resolve(context.cwd, path)),
    { mode: context.values.strict ? "strict" : "lenient" },
  );
  return printReports(context, reports, { format, rules: strictRules });
}
