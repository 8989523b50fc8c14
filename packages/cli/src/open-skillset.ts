/**
 * @module Opening the registry for a command: the registry finds the project root and loads the
 * configuration (with the command's flags as the top layer) itself. HOME comes from `context.env`.
 */
import { type ConfigLayer, resolveHome, type SkillsetConfig } from "@skillset/core/config";
import type { Skill } from "@skillset/core/model";
import { describeOrigin, loadPolicy, type Policy } from "@skillset/core/policy";
import { createRegistry, type SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";
import { configFlags } from "./config-flags.js";

/** Options of `openRegistry`. */
export interface OpenRegistryOptions {
  /** Configuration from the command's own flags (the global ones are added): the highest layer, checked like a file. */
  flags?: ConfigLayer;
  /** The persistent metadata cache file; `false` keeps it in memory. Default: under `$XDG_CACHE_HOME`. */
  cacheFile?: string | false;
}

/** A loaded registry and the configuration it uses. */
export interface OpenedRegistry {
  registry: SkillRegistry;
  config: SkillsetConfig;
  /** Configuration files that were read, lowest layer first (for `skillset doctor`). */
  configFiles: string[];
}

/**
 * Opens and loads the registry for `context.cwd`. Throws `SkillsetError` (`config-invalid`,
 * `config-unreadable`) for bad configuration, which the dispatcher prints with exit code 1.
 * @example const { registry } = await openRegistry(context); registry.lookup("pdf");
 */
export async function openRegistry(
  context: CommandContext,
  options: OpenRegistryOptions = {},
): Promise<OpenedRegistry> {
  const { cwd, env } = context;
  const home = env.HOME === undefined || env.HOME === "" ? undefined : env.HOME;
  const flags = configFlags(context, options.flags);
  const registry = createRegistry({
    cwd,
    env,
    ...(home === undefined ? {} : { home }),
    ...(flags === undefined ? {} : { flags }),
    ...(options.cacheFile === undefined ? {} : { cacheFile: options.cacheFile }),
  });
  // The dispatcher waits for the metadata cache write after the command printed (a load resolves before it).
  context.afterwards.push(() => registry.settled());
  await registry.load();
  return { registry, config: registry.config, configFiles: [...registry.configFiles] };
}

/**
 * The policy for a command's registry (SPEC §11): permission rules from the configuration and the agents'
 * own settings, remembered answers. Commands that list skills hide denied ones; commands that load or
 * read one refuse it (see `policyRefusal`).
 */
export function openPolicy(context: CommandContext, registry: SkillRegistry): Promise<Policy> {
  return loadPolicy({
    config: registry.config.policy,
    projectRoot: registry.projectRoot,
    home: resolveHome({ env: context.env }),
    env: context.env,
  });
}

/**
 * Why the policy refuses `skill` at the command line, or `undefined`: a `deny` names its rule; an `ask`
 * that no remembered answer settles is refused too, since a command cannot ask (an agent host asks).
 */
export function policyRefusal(policy: Policy, skill: Skill): string | undefined {
  const decision = policy.permissions.decide(skill);
  if (decision.action === "allow") return undefined;
  const rule = decision.rule
    ? ` (${decision.rule.action} ${JSON.stringify(decision.rule.skill)} from ${describeOrigin(decision.rule.origin)})`
    : "";
  return decision.action === "deny"
    ? `skill '${skill.qualifiedName}' is denied by a permission rule${rule}`
    : `skill '${skill.qualifiedName}' needs confirmation${rule}, which a command cannot ask for; answer it in an agent (remembered answers apply here) or change the rule`;
}
