/**
 * @module SARIF 2.1.0 output for code-scanning tools (GitHub code scanning, IDE viewers): one run, the
 * checks as `tool.driver.rules`, one result per diagnostic.
 */
import { isAbsolute, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Severity } from "../model/diagnostic.js";
import type { RuleDescriptor } from "./rule-descriptor.js";
import type { ValidationReport } from "./validation-report.js";

/** The SARIF schema URL written as `$schema`. */
export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** Options of {@link toSarif}. */
export interface SarifOptions {
  /** `tool.driver.name`, e.g. `skillset`. */
  toolName: string;
  /** `tool.driver.version`. */
  version: string;
  /** Checks to describe; codes found in results but missing here are added with their id only. */
  rules: readonly RuleDescriptor[];
  /** Folder that URIs are relative to (default: absolute `file://` URIs). Files outside it stay absolute. */
  cwd?: string;
  /** `tool.driver.informationUri`. */
  informationUri?: string;
}

/** A SARIF reporting descriptor (one check). */
export interface SarifRule {
  id: string;
  shortDescription: { text: string };
  help: { text: string };
  defaultConfiguration: { level: SarifLevel };
}

/** SARIF result levels. */
export type SarifLevel = "error" | "warning" | "note";

/** A SARIF result (one finding). */
export interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: SarifLevel;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId?: string };
      region?: { startLine: number; startColumn?: number };
    };
  }[];
}

/** The SARIF log: `$schema`, `version` and one run. */
export interface SarifLog {
  $schema: string;
  version: "2.1.0";
  runs: {
    tool: { driver: { name: string; version: string; informationUri?: string; rules: SarifRule[] } };
    originalUriBaseIds?: Record<string, { uri: string }>;
    results: SarifResult[];
  }[];
}

const levels: Record<Severity, SarifLevel> = { error: "error", warning: "warning", info: "note" };

function artifactLocation(path: string, cwd: string | undefined): { uri: string; uriBaseId?: string } {
  if (cwd !== undefined) {
    const rel = relative(cwd, path);
    if (rel !== "" && !rel.startsWith("..") && !isAbsolute(rel)) {
      return { uri: encodeURI(rel.split(sep).join("/")), uriBaseId: "%SRCROOT%" };
    }
  }
  return { uri: pathToFileURL(path).href };
}

/**
 * Turns reports into a SARIF 2.1.0 log. Results keep the reports' order; URIs use forward slashes.
 *
 * @example
 * JSON.stringify(toSarif(reports, { toolName: "skillset", version: "0.1.0", rules: lintRules, cwd }), null, 2)
 */
export function toSarif(reports: readonly ValidationReport[], options: SarifOptions): SarifLog {
  const rules: SarifRule[] = [];
  const index = new Map<string, number>();
  const addRule = (id: string, summary: string, fix: string, severity: Severity) => {
    index.set(id, rules.length);
    rules.push({
      id,
      shortDescription: { text: summary },
      help: { text: fix },
      defaultConfiguration: { level: levels[severity] },
    });
  };
  for (const rule of options.rules) {
    if (!index.has(rule.id)) addRule(rule.id, rule.summary, rule.fix, rule.severity);
  }
  const results: SarifResult[] = [];
  for (const report of reports) {
    for (const finding of report.diagnostics) {
      if (!index.has(finding.code)) {
        addRule(finding.code, finding.code, "See the result message for the fix.", finding.severity);
      }
      const physicalLocation: SarifResult["locations"][number]["physicalLocation"] = {
        artifactLocation: artifactLocation(finding.path, options.cwd),
      };
      if (finding.line !== undefined) {
        physicalLocation.region =
          finding.column !== undefined
            ? { startLine: finding.line, startColumn: finding.column }
            : { startLine: finding.line };
      }
      results.push({
        ruleId: finding.code,
        ruleIndex: index.get(finding.code)!,
        level: levels[finding.severity],
        message: { text: finding.message },
        locations: [{ physicalLocation }],
      });
    }
  }
  const driver: SarifLog["runs"][number]["tool"]["driver"] = {
    name: options.toolName,
    version: options.version,
    rules,
  };
  if (options.informationUri) driver.informationUri = options.informationUri;
  const run: SarifLog["runs"][number] = { tool: { driver }, results };
  if (options.cwd !== undefined) {
    const base = pathToFileURL(options.cwd).href;
    run.originalUriBaseIds = { "%SRCROOT%": { uri: base.endsWith("/") ? base : `${base}/` } };
  }
  return { $schema: SARIF_SCHEMA, version: "2.1.0", runs: [run] };
}
