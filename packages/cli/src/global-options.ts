/**
 * @module The options every command accepts, apart from the dispatcher so that commands (`completion`)
 * and help can use them without importing `run-cli.ts` back.
 */
import type { OptionSpec } from "./command.js";

/** Options every command accepts. */
export const globalOptions: Record<string, OptionSpec> = {
  cwd: { type: "string", description: "Run as if started in this directory", valueName: "DIR" },
  "no-color": { type: "boolean", description: "Never colour the output (also NO_COLOR=1)" },
  "follow-external-links": {
    type: "boolean",
    description: "Follow links leaving the project's skill folders",
  },
  help: { type: "boolean", short: "h", description: "Show help for the command" },
};
