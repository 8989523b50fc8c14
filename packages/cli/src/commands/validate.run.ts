/**
 * @module `skillset validate` — check skills against the Agent Skills specification (SPEC §4, §13).
 */
import { strictRules, validatePaths } from "@skillset/core/validate";
import { checkTargets } from "../check-targets.js";
import type { CommandContext } from "../command.js";
import { followsExternalLinks } from "../config-flags.js";
import { printReports, reportFormat } from "../print-reports.js";

export async function run(context: CommandContext): Promise<number> {
  const format = reportFormat(context.values);
  const { paths, limits } = await checkTargets(context);
  const specOnly = context.values["spec-only"] === true;
  const reports = await validatePaths(paths, {
    mode: context.values.strict || specOnly ? "strict" : "lenient",
    specOnly,
    followExternalLinks: followsExternalLinks(context),
    ...(limits === undefined ? {} : { limits }),
  });
  return printReports(context, reports, { format, rules: strictRules });
}
