/**
 * @module Prints validation or lint reports in the format the user chose (human, `--json`, `--sarif`)
 * and turns them into the exit code: 1 when any finding is an error, else 0.
 */
import {
  type RuleDescriptor,
  summarizeReports,
  toSarif,
  type ValidationReport,
} from "@skillset/core/validate";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "./command.js";
import { escapeJsonControls, writeJson } from "./json/write-json.js";
import { outputColumns } from "./terminal/output-width.js";
import { withWrapRules } from "./terminal/wrap-width.js";
import { skillsetVersion } from "./version.js";

/** How findings are printed. */
export type ReportFormat = "human" | "json" | "sarif";

/** The output format from `--json` / `--sarif`; both at once is a usage error. */
export function reportFormat(values: CommandContext["values"]): ReportFormat {
  if (values.json && values.sarif) throw new UsageError("choose one of --json and --sarif");
  return values.sarif ? "sarif" : values.json ? "json" : "human";
}

/**
 * The `--json` document: `valid`, the `summary` and every checked skill (clean ones included) with its
 * path, name, `valid` and diagnostics. Paths are absolute; `name` and `path` mean what they mean in the
 * skill object (bare name, the SKILL.md), though a checked file need not be a loadable skill.
 */
export function reportsJson(reports: readonly ValidationReport[]) {
  const summary = summarizeReports(reports);
  return {
    valid: summary.errors === 0,
    summary,
    skills: reports.map((report) => ({
      path: report.path,
      dir: report.dir,
      ...(report.name === undefined ? {} : { name: report.name }),
      valid: report.valid,
      diagnostics: report.diagnostics,
    })),
  };
}

/**
 * Writes the reports to stdout in `format` and returns the exit code (1 when any error was found). The
 * human format's module (and its text-wrapping packages, ~20 ms to load) is loaded only for that format.
 */
export async function printReports(
  context: CommandContext,
  reports: readonly ValidationReport[],
  options: { format: ReportFormat; rules: readonly RuleDescriptor[] },
): Promise<number> {
  const summary = summarizeReports(reports);
  const { stdout } = context;
  if (options.format === "json") {
    writeJson(stdout, reportsJson(reports));
  } else if (options.format === "sarif") {
    const log = toSarif(reports, {
      toolName: "skillset",
      version: skillsetVersion(),
      rules: options.rules,
      cwd: context.cwd,
    });
    stdout.write(`${escapeJsonControls(JSON.stringify(log, null, 2))}\n`);
  } else {
    const { formatDiagnostics, formatSummary } = await import("./print-diagnostics.js");
    const columns = outputColumns(context.stdout, context.env);
    const findings = await withWrapRules(() =>
      formatDiagnostics(reports, {
        cwd: context.cwd,
        color: context.color,
        ...(columns === undefined ? {} : { columns }),
      }),
    );
    stdout.write(`${findings}${findings ? "\n" : ""}${formatSummary(summary, context.color)}\n`);
  }
  return summary.errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}
