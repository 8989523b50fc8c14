/**
 * @module `skillset show` — one skill's metadata, location, state and diagnostics. The work is in `show.run.ts`.
 */
import type { Command } from "../command.js";

export const showCommand: Command = {
  name: "show",
  summary: "Show one skill: metadata, path, state and diagnostics",
  usage: "show <name|path> [--json]",
  details: "A name is a skill's name (or plugin:name); a path is its SKILL.md or its folder.",
  options: { json: { type: "boolean", description: "Print JSON" } },
  positionals: { min: 1, max: 1 },
  load: () => import("./show.run.js"),
};
