/**
 * @module The work of `skillset registry` (the command table row is `registry.ts`).
 */
import { resolve } from "node:path";
import { buildRegistry } from "@skillset/install";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { displayPath } from "../display-path.js";
import { limitsFrom } from "../install-terminal.js";

export async function run(context: CommandContext): Promise<number> {
  const [action, dir] = context.positionals;
  if (action !== "build") throw new UsageError(`unknown action '${action}'; the only one is build`);
  if (typeof context.values.out !== "string") throw new UsageError("--out DIR is required");
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
}
