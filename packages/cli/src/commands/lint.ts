/**
 * @module `skillset lint` — check skills for problems beyond the specification (SPEC §4, §13).
 */
import { resolve } from "node:path";
import type { Diagnostic } from "@skillset/core/model";
import {
  type LintFile,
  lintPaths,
  lintRules,
  lintSkillFiles,
  type ValidationReport,
} from "@skillset/core/validate";
import type { Command, CommandContext } from "../command.js";
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
  const reports = await lintSkillFiles(files, { hostCommands: config.mentions.hostCommands });
  const linted = new Set(files.map((file) => file.path));
  const failed = new Map<string, Diagnostic[]>();
  for (const finding of registry.diagnostics()) {
    if (finding.severity !== "error" || linted.has(finding.path)) continue;
    failed.set(finding.path, [...(failed.get(finding.path) ?? []), finding]);
  }
  for (const [path, diagnostics] of failed) reports.push({ path, dir: path, valid: false, diagnostics });
  return reports;
}

export const lintCommand: Command = {
  name: "lint",
  summary: "Check skills for problems beyond the specification (triggers, references, tools, names)",
  usage: "lint [paths…] [--json|--sarif]",
  details: [
    "Each path may be a skill folder, a SKILL.md, or a folder holding many skills. Without paths,",
    "every skill discovered from the current folder is linted (all scopes, shadowed ones included).",
    "",
    "Rules:",
    ...lintRules.map((rule) => `  ${rule.id.padEnd(22)} ${rule.severity.padEnd(7)}  ${rule.summary}`),
    "",
    "Skills are parsed leniently, so load problems are reported too. Exit codes: 0 no errors",
    "(warnings alone exit 0), 1 errors found, 2 usage error.",
  ].join("\n"),
  options: {
    json: { type: "boolean", description: "Print JSON: every skill linted, with its findings" },
    sarif: { type: "boolean", description: "Print SARIF 2.1.0 for code scanning" },
  },
  positionals: { max: 10_000 },
  async run(context) {
    const format = reportFormat(context.values);
    const reports =
      context.positionals.length > 0
        ? await lintPaths(context.positionals.map((path) => resolve(context.cwd, path)))
        : await lintRegistry(context);
    return printReports(context, reports, { format, rules: lintRules });
  },
};
