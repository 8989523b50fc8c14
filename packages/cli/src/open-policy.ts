/**
 * @module The policy of a command's registry, apart from `open-skillset.ts`: only the commands that load,
 * read or show skills to a model need it, and the policy stage is a score of modules the others never load.
 */
import type { Skill } from "@skillset/core/model";
import { describeOrigin, loadPolicy, type Policy } from "@skillset/core/policy";
import type { SkillRegistry } from "@skillset/core/registry";
import type { CommandContext } from "./command.js";

/**
 * The policy for a command's registry (SPEC §11): permission rules from the configuration and the agents'
 * own settings, remembered answers. Commands that list skills hide denied ones; commands that load or
 * read one refuse it (see `policyRefusal`).
 */
export function openPolicy(context: CommandContext, registry: SkillRegistry): Promise<Policy> {
  return loadPolicy({
    config: registry.config.policy,
    projectRoot: registry.projectRoot,
    cwd: registry.cwd,
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
