/**
 * @module Every command's table row, in the order `skillset --help` lists them. The rows are plain data (name,
 * summary, usage, options), all in this one module: `--help` and a command's own row cost one module load,
 * not thirty-one (loading a module costs more than reading its few lines). A command's work stays in
 * `commands/<name>.run.ts`, which only its row's `load()` imports. Adding a command is one line here plus
 * its `commands/<name>.ts` (the row) and `commands/<name>.run.ts` (the work, loaded lazily).
 */
import type { Command } from "../command.js";
import { addCommand } from "./add.js";
import { auditCommand } from "./audit.js";
import { catalogCommand } from "./catalog.js";
import { checkCommand } from "./check.js";
import { completeCommand } from "./complete.js";
import { completionCommand } from "./completion.js";
import { composeCommand } from "./compose.js";
import { disableCommand } from "./disable.js";
import { doctorCommand } from "./doctor.js";
import { enableCommand } from "./enable.js";
import { installCommand } from "./install.js";
import { lintCommand } from "./lint.js";
import { listCommand } from "./list.js";
import { loadCommand } from "./load.js";
import { mcpCommand } from "./mcp.js";
import { newCommand } from "./new.js";
import { pickCommand } from "./pick.js";
import { readCommand } from "./read.js";
import { readPropertiesCommand } from "./read-properties.js";
import { registryCommand } from "./registry.js";
import { remoteCommand } from "./remote.js";
import { removeCommand } from "./remove.js";
import { resolveCommand } from "./resolve.js";
import { searchCommand } from "./search.js";
import { showCommand } from "./show.js";
import { stateCommand } from "./state.js";
import { toPromptCommand } from "./to-prompt.js";
import { trustCommand } from "./trust.js";
import { updateCommand } from "./update.js";
import { validateCommand } from "./validate.js";
import { watchCommand } from "./watch.js";

/** Each row under its command name (`__complete` is the hidden one shells call). */
const rows: Record<string, Command> = {
  list: listCommand,
  show: showCommand,
  doctor: doctorCommand,
  validate: validateCommand,
  lint: lintCommand,
  audit: auditCommand,
  "read-properties": readPropertiesCommand,
  "to-prompt": toPromptCommand,
  catalog: catalogCommand,
  resolve: resolveCommand,
  search: searchCommand,
  load: loadCommand,
  read: readCommand,
  enable: enableCommand,
  disable: disableCommand,
  state: stateCommand,
  trust: trustCommand,
  "new": newCommand,
  watch: watchCommand,
  mcp: mcpCommand,
  add: addCommand,
  remove: removeCommand,
  install: installCommand,
  check: checkCommand,
  update: updateCommand,
  registry: registryCommand,
  remote: remoteCommand,
  compose: composeCommand,
  pick: pickCommand,
  completion: completionCommand,
  __complete: completeCommand,
};

/** Every command name, in help order (for suggestions). */
export const commandNames: readonly string[] = Object.keys(rows);

/**
 * Other names for commands, as vercel's `skills` CLI spells them, so that hands used to it work here:
 * `ls`, `rm`, `find`, `init`.
 */
export const commandAliases: Readonly<Record<string, string>> = {
  ls: "list",
  rm: "remove",
  find: "search",
  init: "new",
};

/** Words people try that are not commands, and the command they mean (named in the error, not run). */
export const commandSynonyms: Readonly<Record<string, string>> = {
  uninstall: "remove",
  delete: "remove",
  del: "remove",
  create: "new",
  scaffold: "new",
  upgrade: "update",
  outdated: "check",
  info: "show",
};

/** The table row of command `name` (or of the command it is an alias of), or `undefined`. */
export function findCommand(name: string): Promise<Command | undefined> {
  const own = Object.hasOwn(rows, name)
    ? name
    : Object.hasOwn(commandAliases, name)
      ? commandAliases[name]
      : undefined;
  return Promise.resolve(own === undefined ? undefined : rows[own]);
}

/** Every table row, in help order (`--help`, shell completion). */
export function loadCommands(): Promise<Command[]> {
  return Promise.resolve(Object.values(rows));
}
