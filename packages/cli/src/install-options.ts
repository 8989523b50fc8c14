/**
 * @module Flags the install commands share (cheap data for the command table; the work is elsewhere).
 */
import type { OptionSpec } from "./command.js";

/** Flags for bounds, shared by the commands that fetch. */
export const limitOptions: Record<string, OptionSpec> = {
  "max-file-bytes": {
    type: "string",
    description: "Largest file a skill may hold (default 10 MiB)",
    valueName: "N",
  },
  "max-total-bytes": {
    type: "string",
    description: "Largest total per skill or download (default 50 MiB)",
    valueName: "N",
  },
  "max-files": { type: "string", description: "Most files per skill (default 2000)", valueName: "N" },
  "max-compression-ratio": {
    type: "string",
    description: "Most bytes an archive may unpack to per packed byte (default 200)",
    valueName: "N",
  },
  timeout: {
    type: "string",
    description: "Seconds one network request may take (default 30)",
    valueName: "S",
  },
};

/** The audit's findings a person approves, for the commands that install (`add`, `update`). */
export const allowRiskOption: Record<string, OptionSpec> = {
  "allow-risk": {
    type: "string",
    multiple: true,
    valueName: "RULE",
    description: "Approve the audit's findings of RULE (repeatable); the only way past a critical one",
  },
};

export const globalOption: Record<string, OptionSpec> = {
  global: {
    type: "boolean",
    short: "g",
    description: "The user's skills (~/.agents/skills) instead of the project's",
  },
};
