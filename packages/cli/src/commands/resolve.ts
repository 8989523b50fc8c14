/**
 * @module `skillset resolve` — what a turn would do with a message (SPEC §8, §13). The work is in `resolve.run.ts`.
 */
import type { Command } from "../command.js";

export const resolveCommand: Command = {
  name: "resolve",
  summary: "Show what a message would activate: skills, messages and the remaining task",
  usage: 'resolve "<text>"|- [--source user|palette|model] [--composition] [--inspect] [--json]',
  details:
    "Finds $name, [$name](path), /name and skill:// mentions in the text and resolves them against the\n" +
    "skills in effect here, through a session exactly as an agent turn would (permission rules and\n" +
    "dependencies included). --inspect adds the catalog's state and the skills loaded. Quote the text\n" +
    "so the shell leaves $ alone, or give - to read it from standard input.\n" +
    "Exit code 1 when the text asks for something that cannot be activated, or a skill:// reference\n" +
    "names no skill or no file in it (a message is printed).",
  options: {
    source: {
      type: "string",
      description: "Who wrote the text: user (default), palette or model",
      valueName: "SOURCE",
    },
    composition: { type: "boolean", description: "Let several mentioned skills activate together" },
    inspect: { type: "boolean", description: "Also show the catalog's state and the skills loaded" },
    json: { type: "boolean", description: "Print JSON" },
  },
  positionals: { min: 1, max: 1024 },
  load: () => import("./resolve.run.js"),
};
