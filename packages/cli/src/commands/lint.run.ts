/**
 * @module `skillset lint` — check skills for problems beyond the specification (SPEC §4, §13).
 */
import type { Diagnostic } from "@skillset/core/model";
import {
  type LintFile,
  lintPaths,
  lintRules,
  lintSkillFiles,
  type ValidationReport,
} from "@skillset/core/validate";
import { checkTargets } from "../check-targets.js";
import type { CommandContext } from "../command.js";
import { followsExternalLinks } from "../config-flags.js";
import { openRegistry } from "../open-skillset.js";
import { printReports, reportFormat } from "../print-reports.js";

/** Every skill the registry knows from cwd (shadowed and disabled too), plus files that failed to load. */
async function lintRegistry(context: CommandContext): Promise<ValidationReport[]> {
  const { registry, config } = await openRegistry(context, { cacheFile: false });
  const files: LintFile[] = registry.entries().map(({ skill }) => {
    const file: LintFile = { path: skill.path, scope: skill.scope };
    if (skill.namespace) file.namespace = skill.namespace;
    return file;
  });
  const reports = await lintSkillFiles(files, {
    hostCommands: config.mentions.hostCommands,
    specOnly: context.values["spec-only"] === true,
  });
  const linted = new Set(files.map((file) => file.path));
  const failed = new Map<string, Diagnostic[]>();
  for (const finding of registry.diagnostics()) {
    if (finding.severity !== "error" || linted.has(finding.path)) continue;
    failed.set(finding.path, [...(failed.get(finding.path) ?? []), finding]);
  }
  for (const [path, diagnostics] of failed) reports.push({ path, dir: path, valid: false, diagnostics });
  return reports;
}

/** Every skill under the given paths, or under the project root. */
async function lintTargets(context: CommandContext): Promise<ValidationReport[]> {
  const { paths, limits } = await checkTargets(context);
  return lintPaths(paths, {
    followExternalLinks: followsExternalLinks(context),
    specOnly: context.values["spec-only"] === true,
    ...(limits === undefined ? {} : { limits }),
  });
}

export async function run(context: CommandContext): Promise<number> {
  const format = reportFormat(context.values);
  const reports =
    context.values.discovered === true ? await lintRegistry(context) : await lintTargets(context);
  return printReports(context, reports, { format, rules: lintRules });
}

/** The rule table for `skillset lint --help`. */
export function moreHelp(): string {
  return [
    "Rules:",
    ...lintRules.map((rule) => `  ${rule.id.padEnd(22)} ${rule.severity.padEnd(7)}  ${rule.summary}`),
  ].join("\n");
}
