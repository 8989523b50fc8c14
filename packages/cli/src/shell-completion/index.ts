/**
 * @module Shell completion scripts (`skillset completion bash|zsh|fish`), generated from the command table.
 */
import type { Command, OptionSpec } from "../command.js";
import { bashScript } from "./bash-script.js";
import { completionSpec } from "./completion-spec.js";
import { fishScript } from "./fish-script.js";
import { zshScript } from "./zsh-script.js";

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

/** The completion script for `shell`. */
export function completionScript(
  shell: Shell,
  commands: readonly Command[],
  globalOptions: Record<string, OptionSpec>,
): string {
  const specs = completionSpec(commands, globalOptions);
  if (shell === "bash") return bashScript(specs);
  if (shell === "zsh") return zshScript(specs);
  return fishScript(specs);
}
