/**
 * @module `skillset lint` — check skills for problems beyond the specification (SPEC §4, §13). The work is in `lint.run.ts`.
 */
import type { Command } from "../command.js";

export const lintCommand: Command = {
  name: "lint",
  summary: "Check skills for problems beyond the specification (triggers, references, tools, names)",
  usage: "lint [paths…|--discovered] [--spec-only] [--json|--sarif]",
  details: [
    "Each path may be a skill folder, a SKILL.md, or a folder holding many skills. Without paths, the",
    "project is linted (its root folder) — the same as validate, never your HOME's skills. --discovered",
    "lints every skill discovered from here instead (all scopes, shadowed ones included).",
    "",
    "Skills are parsed leniently, so load problems are reported too. Fields skillset honours beyond",
    "the specification (Claude Code's argument-hint, context, …) are notes; with --spec-only every",
    "field beyond the specification is an unexpected-fields warning. Exit codes: 0 no errors",
    "(warnings alone exit 0), 1 errors found, 2 usage error.",
  ].join("\n"),
  options: {
    json: { type: "boolean", description: "Print JSON: every skill linted, with its findings" },
    sarif: { type: "boolean", description: "Print SARIF 2.1.0 for code scanning" },
    discovered: { type: "boolean", description: "Lint every skill discovered from here, all scopes" },
    "spec-only": {
      type: "boolean",
      description: "The base specification alone: extension fields are unexpected",
    },
  },
  positionals: { max: 10_000 },
  hasMoreHelp: true,
  load: () => import("./lint.run.js"),
};
