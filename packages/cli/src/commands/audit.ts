/**
 * @module `skillset audit` — find what a malicious skill does before it is installed, loaded or served
 * (SPEC §17). The work is in `audit.run.ts`.
 */
import type { Command } from "../command.js";

export const auditCommand: Command = {
  name: "audit",
  summary: "Look for what a malicious skill does: hidden instructions, secret theft, exfiltration, payloads",
  usage: "audit [paths…] [--fail-on SEVERITY] [--json|--sarif]",
  details: [
    "Reads each skill's SKILL.md and every bundled file (bounded; binaries are not scanned) and reports",
    "what it does: instructions that override the host or hide from the user, invisible Unicode, reads of",
    "credential stores, network sends carrying secrets or command output, download-and-execute, decoded",
    "payloads, persistence (profiles, cron, hooks, authorized_keys), destructive commands, and a",
    "description that says something else. Offline and deterministic; no model is asked.",
    "",
    "Each path may be a skill folder, a SKILL.md, or a folder of skills; without paths, the project is",
    "audited (as validate picks it). A skill is flagged when a finding reaches --fail-on (default medium:",
    "info < low < medium < high < critical). Exit codes: 0 nothing flagged, 1 a skill flagged, 2 usage error.",
  ].join("\n"),
  options: {
    "fail-on": {
      type: "string",
      valueName: "SEVERITY",
      description: "Flag a skill at this severity or worse: info, low, medium (default), high, critical",
    },
    json: { type: "boolean", description: "Print JSON: every skill audited, its verdict and findings" },
    sarif: { type: "boolean", description: "Print SARIF 2.1.0 for code scanning" },
  },
  positionals: { max: 10_000 },
  load: () => import("./audit.run.js"),
};
