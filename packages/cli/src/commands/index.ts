/**
 * @module Every command, in the order `skillset --help` lists them. Adding a command is one line here plus
 * its `commands/<name>.ts` (the cheap table row) and `commands/<name>.run.ts` (the work, loaded lazily).
 */
import type { Command } from "../command.js";
import { addCommand } from "./add.js";
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
import { removeCommand } from "./remove.js";
import { resolveCommand } from "./resolve.js";
import { searchCommand } from "./search.js";
import { showCommand } from "./show.js";
import { stateCommand } from "./state.js";
import { toPromptCommand } from "./to-prompt.js";
import { updateCommand } from "./update.js";
import { validateCommand } from "./validate.js";
import { watchCommand } from "./watch.js";

export const commands: readonly Command[] = [
  listCommand,
  showCommand,
  doctorCommand,
  validateCommand,
  lintCommand,
  readPropertiesCommand,
  toPromptCommand,
  catalogCommand,
  resolveCommand,
  searchCommand,
  loadCommand,
  readCommand,
  enableCommand,
  disableCommand,
  stateCommand,
  newCommand,
  watchCommand,
  mcpCommand,
  addCommand,
  removeCommand,
  installCommand,
  checkCommand,
  updateCommand,
  registryCommand,
  composeCommand,
  pickCommand,
  completionCommand,
  completeCommand,
];
