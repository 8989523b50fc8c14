/**
 * @module `skillset read-properties` — the frontmatter of a skill as JSON, like the reference validator's. The work is in `read-properties.run.ts`.
 */
import type { Command } from "../command.js";

export const readPropertiesCommand: Command = {
  name: "read-properties",
  summary: "Print a skill's frontmatter as JSON (like skills-ref read-properties)",
  usage: "read-properties <skill-dir|name>",
  details: [
    "Prints every frontmatter key as written in SKILL.md (e.g. allowed-tools), in file order, as JSON",
    "with a two-space indent. Fails (exit 1) when there is no SKILL.md, no frontmatter, YAML that",
    "cannot be read even after repair, or no name or description.",
  ].join("\n"),
  options: {},
  positionals: { min: 1, max: 1 },
  load: () => import("./read-properties.run.js"),
};
