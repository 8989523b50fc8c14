/**
 * @module `skillset new` — scaffold a skill that passes strict validation and lint (SPEC §13). The work is in `new.run.ts`.
 */
import type { Command } from "../command.js";

export const newCommand: Command = {
  name: "new",
  summary: "Create a skill folder with a SKILL.md that passes validate --strict and lint",
  usage: "new <name> [--dir DIR] [--description TEXT] [--json]",
  details: [
    "Creates <DIR>/<name>/SKILL.md and references/REFERENCE.md (DIR defaults to the project root's",
    ".agents/skills, wherever in the project you run it).",
    "The name must be lowercase letters, digits and hyphens (any script), at most 64 characters,",
    "without 'anthropic' or 'claude'. An existing folder is never overwritten.",
    "",
    "Exit codes: 0 created, 1 the folder already exists, 2 invalid name or description.",
  ].join("\n"),
  options: {
    dir: {
      type: "string",
      description: "Folder to create the skill in (default .agents/skills)",
      valueName: "DIR",
    },
    description: { type: "string", description: "What the skill does and when to use it", valueName: "TEXT" },
    json: { type: "boolean", description: "Print JSON: the files created" },
  },
  positionals: { min: 1, max: 1 },
  load: () => import("./new.run.js"),
};
