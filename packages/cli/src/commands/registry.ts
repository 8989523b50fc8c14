/**
 * @module `skillset registry build <dir> --out <dir>`: publish a folder of skills as a static
 * `.well-known/skills/index.json` any web server or CDN can serve (SPEC §14).
 */
import { resolve } from "node:path";
import { type Command, EXIT_OK, UsageError } from "../command.js";
import { limitOptions, limitsFrom } from "../install-terminal.js";
import { displayPath } from "../print-diagnostics.js";

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
  async run(context) {
    const [action, dir] = context.positionals;
    if (action !== "build") throw new UsageError(`unknown action '${action}'; the only one is build`);
    if (typeof context.values.out !== "string") throw new UsageError("--out DIR is required");
    const { buildRegistry } = await import("@skillset/install");
    const result = await buildRegistry({
      dir: resolve(context.cwd, dir!),
      out: resolve(context.cwd, context.values.out),
      limits: limitsFrom(context),
      env: context.env,
    });
    context.stdout.write(
      `Wrote ${displayPath(result.indexPath, context.cwd)} with ${result.skills.length} skill${result.skills.length === 1 ? "" : "s"}.\n`,
    );
    return EXIT_OK;
  },
};
