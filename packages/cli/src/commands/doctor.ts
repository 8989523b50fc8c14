/**
 * @module `skillset doctor` — where skillset looked and what it found. The work is in `doctor.run.ts`.
 */
import type { Command } from "../command.js";

export const doctorCommand: Command = {
  name: "doctor",
  summary: "Explain discovery: roots, precedence, load errors, shadowed and disabled skills",
  usage: "doctor [--json]",
  details: "Exits with 1 when a skill could not be loaded or a setting is broken.",
  options: { json: { type: "boolean", description: "Print JSON" } },
  load: () => import("./doctor.run.js"),
};
