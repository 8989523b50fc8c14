/**
 * @module `skillset completion bash|zsh|fish` — the shell completion script, generated from the command
 * table. The work is in `completion.run.ts`.
 */
import type { Command } from "../command.js";

export const completionCommand: Command = {
  name: "completion",
  summary: "Print the shell completion script (bash, zsh or fish)",
  usage: "completion bash|zsh|fish",
  details:
    "Completes commands, their flags, and skill names for show, load, enable, disable and remove.\n" +
    "To install it:\n" +
    "\n" +
    "  bash  source <(skillset completion bash)\n" +
    "        or save it as ~/.local/share/bash-completion/completions/skillset\n" +
    "  zsh   skillset completion zsh > $fpath[1]/_skillset\n" +
    "  fish  skillset completion fish > ~/.config/fish/completions/skillset.fish",
  options: {},
  positionals: { min: 1, max: 1 },
  load: () => import("./completion.run.js"),
};
