/**
 * @module skillset CLI as a library: `runCli` runs a command in-process (used by tests and embedders).
 */
export {
  type Command,
  type CommandContext,
  EXIT_FINDINGS,
  EXIT_OK,
  EXIT_USAGE,
  type Output,
} from "./command.js";
export { commandHelp, mainHelp, type RunCliOptions, runCli } from "./run-cli.js";
