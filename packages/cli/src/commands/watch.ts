/**
 * @module `skillset watch` — prints skills as they are added, changed or removed. The work is in `watch.run.ts`.
 */
import type { Command } from "../command.js";

export const watchCommand: Command = {
  name: "watch",
  summary: "Print skills as they are added, changed or removed",
  usage: "watch [--json] [--once] [--timeout MS]",
  details:
    "Watches every skill root, and the folders where new roots may appear. Status goes to stderr, one line\n" +
    "per change to stdout.",
  options: {
    json: { type: "boolean", description: "Print one JSON object per change" },
    once: { type: "boolean", description: "Stop after the first batch of changes" },
    timeout: { type: "string", description: "Stop after this many milliseconds", valueName: "MS" },
  },
  load: () => import("./watch.run.js"),
};
