/**
 * @module The global flags that are configuration keys (`--follow-external-links` →
 * `discovery.followExternalLinks`): one layer, the highest, checked like a file by whoever loads the config.
 */
import type { ConfigLayer } from "@skillset/core/config";
import type { CommandContext } from "./command.js";

/** Whether `--follow-external-links` was given: links out of the project's skill folders are followed too. */
export function followsExternalLinks(context: CommandContext): boolean {
  return context.values["follow-external-links"] === true;
}

/** `layer` (a command's own flags) with the global configuration flags added; undefined when there are none. */
export function configFlags(context: CommandContext, layer?: ConfigLayer): ConfigLayer | undefined {
  if (!followsExternalLinks(context)) return layer;
  return { ...layer, discovery: { ...layer?.discovery, followExternalLinks: true } };
}
