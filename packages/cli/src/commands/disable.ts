/**
 * @module `skillset disable <name>` — the twin of `skillset enable` (see `toggleCommand`).
 */
import type { Command } from "../command.js";
import { toggleCommand } from "./enable.js";

/** `skillset disable <name|path> [--project]`. */
export const disableCommand: Command = toggleCommand(false);
