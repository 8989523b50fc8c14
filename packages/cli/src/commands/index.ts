/**
 * @module Every command, in the order `skillset --help` lists them, each table row loaded only when asked
 * for: running a command loads its own row, not thirty (module loading is most of a short command's
 * start-up). Adding a command is one line here plus its `commands/<name>.ts` (the cheap table row) and
 * `commands/<name>.run.ts` (the work, loaded lazily).
 */
import type { Command } from "../command.js";

/** Each row under its command name (`__complete` is the hidden one shells call). */
const rows: Record<string, () => Promise<Command>> = {
  list: async () => (await import("./list.js")).listCommand,
  show: async () => (await import("./show.js")).showCommand,
  doctor: async () => (await import("./doctor.js")).doctorCommand,
  validate: async () => (await import("./validate.js")).validateCommand,
  lint: async () => (await import("./lint.js")).lintCommand,
  audit: async () => (await import("./audit.js")).auditCommand,
  "read-properties": async () => (await import("./read-properties.js")).readPropertiesCommand,
  "to-prompt": async () => (await import("./to-prompt.js")).toPromptCommand,
  catalog: async () => (await import("./catalog.js")).catalogCommand,
  resolve: async () => (await import("./resolve.js")).resolveCommand,
  search: async () => (await import("./search.js")).searchCommand,
  load: async () => (await import("./load.js")).loadCommand,
  read: async () => (await import("./read.js")).readCommand,
  enable: async () => (await import("./enable.js")).enableCommand,
  disable: async () => (await import("./disable.js")).disableCommand,
  state: async () => (await import("./state.js")).stateCommand,
  trust: async () => (await import("./trust.js")).trustCommand,
  "new": async () => (await import("./new.js")).newCommand,
  watch: async () => (await import("./watch.js")).watchCommand,
  mcp: async () => (await import("./mcp.js")).mcpCommand,
  add: async () => (await import("./add.js")).addCommand,
  remove: async () => (await import("./remove.js")).removeCommand,
  install: async () => (await import("./install.js")).installCommand,
  check: async () => (await import("./check.js")).checkCommand,
  update: async () => (await import("./update.js")).updateCommand,
  registry: async () => (await import("./registry.js")).registryCommand,
  remote: async () => (await import("./remote.js")).remoteCommand,
  compose: async () => (await import("./compose.js")).composeCommand,
  pick: async () => (await import("./pick.js")).pickCommand,
  completion: async () => (await import("./completion.js")).completionCommand,
  __complete: async () => (await import("./complete.js")).completeCommand,
};

/** Every command name, in help order (for suggestions: no row is loaded). */
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
  const load = own === undefined ? undefined : rows[own];
  return load ? load() : Promise.resolve(undefined);
}

/** Every table row, in help order (`--help`, shell completion). */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(Object.values(rows).map((load) => load()));
}
