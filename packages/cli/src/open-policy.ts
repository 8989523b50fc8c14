/**
 * @module The permission policy (SPEC §11) for a command that hands skills out (`load`, `read`, `search`):
 * a denied skill is refused, and hidden from search, on the CLI as on every other path.
 */
import { homedir } from "node:os";
import type { SkillsetConfig } from "@skillset/core/config";
import { loadPolicy, type Policy } from "@skillset/core/policy";
import type { SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";

/** Loads the policy for the registry's project, with HOME from the command's environment. */
export function openPolicy(
  context: CommandContext,
  registry: SkillRegistry,
  config: SkillsetConfig,
): Promise<Policy> {
  const home = context.env.HOME === undefined || context.env.HOME === "" ? homedir() : context.env.HOME;
  return loadPolicy({ config: config.policy, projectRoot: registry.projectRoot, home, env: context.env });
}
