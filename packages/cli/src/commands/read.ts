/**
 * @module `skillset read skill://…` — a file that comes with a skill (SPEC §9, §13). The work is in `read.run.ts`.
 */
import type { Command } from "../command.js";

export const readCommand: Command = {
  name: "read",
  summary: "Print a file of a skill by its skill:// URL",
  usage: "read skill://<name>[/<relative path>] [--json]",
  details:
    "skill://name is the skill's SKILL.md; skill://name/path a file in its folder (a folder is listed).\n" +
    "Nothing outside the skill folder is read: .., encoded separators, absolute paths and links that\n" +
    "lead out are refused. Binary files are described, not printed. Exit code 1 when refused or missing.",
  options: { json: { type: "boolean", description: "Print JSON" } },
  positionals: { min: 1, max: 1 },
  load: () => import("./read.run.js"),
};
