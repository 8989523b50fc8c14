/**
 * @module `skillset registry build <dir> --out <dir>`: publish a folder of skills as a static
 * `.well-known/skills/index.json` any web server or CDN can serve (SPEC §14).
 */
import type { Command } from "../command.js";
import { limitOptions } from "../install-options.js";

export const registryCommand: Command = {
  name: "registry",
  summary: "Build a static .well-known/skills/index.json from a folder of skills",
  usage: "registry build <dir> --out <dir>",
  details: "Every skill is validated strictly and linted first; serve --out with any web server.",
  options: {
    out: { type: "string", description: "Folder to write the site into", valueName: "DIR" },
    ...limitOptions,
  },
  positionals: { min: 2, max: 2 },
  load: () => import("./registry.run.js"),
};
