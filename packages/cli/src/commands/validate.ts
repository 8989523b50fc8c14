/**
 * @module `skillset validate` — check skills against the Agent Skills specification (SPEC §4, §13). The work is in `validate.run.ts`.
 */
import type { Command } from "../command.js";

export const validateCommand: Command = {
  name: "validate",
  summary: "Check skills against the Agent Skills specification (--strict: as skills-ref does)",
  usage: "validate [paths…] [--strict] [--spec-only] [--json|--sarif]",
  details: [
    "Each path may be a skill folder, a SKILL.md, or any folder holding many skills: every SKILL.md",
    "below it is checked (hidden folders like .agents/skills included; .git and node_modules skipped).",
    "Without paths, the project is checked (its root folder, found from the current one) — the same as",
    "lint, and never the skills under your HOME.",
    "",
    "Without --strict, findings are what loading reports: errors for skills that would not load,",
    "warnings for rules skillset tolerates. With --strict, the specification applies exactly: only",
    "name, description, license, compatibility, metadata and allowed-tools; name lowercase, ≤ 64",
    "characters, equal to its folder; description ≤ 1024; compatibility ≤ 500; valid YAML. Fields",
    "skillset honours beyond these (Claude Code's argument-hint, context, disable-model-invocation, …)",
    "are notes, not errors; --spec-only (implies --strict) reports them as unexpected fields too.",
    "",
    "Exit codes: 0 no errors (warnings allowed), 1 errors found, 2 usage error.",
  ].join("\n"),
  options: {
    strict: { type: "boolean", description: "Apply the specification exactly (errors, no repairs)" },
    "spec-only": {
      type: "boolean",
      description: "The base specification alone: extension fields are unexpected (implies --strict)",
    },
    json: { type: "boolean", description: "Print JSON: every skill checked, with its findings" },
    sarif: { type: "boolean", description: "Print SARIF 2.1.0 for code scanning" },
  },
  positionals: { max: 10_000 },
  load: () => import("./validate.run.js"),
};
