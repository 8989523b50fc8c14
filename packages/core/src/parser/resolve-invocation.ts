/**
 * @module Who may invoke a skill (SPEC §2, §11), from its frontmatter and Codex policy.
 */
import type { Frontmatter, Invocation, OpenAiMetadata } from "../model/skill.js";

/**
 * `model` is false when `disable-model-invocation: true` or `agents/openai.yaml` sets
 * `policy.allow_implicit_invocation: false`; `user` is false only for `user-invocable: false`.
 */
export function resolveInvocation(
  frontmatter: Pick<Frontmatter, "disableModelInvocation" | "userInvocable">,
  openai?: OpenAiMetadata,
): Invocation {
  return {
    model: frontmatter.disableModelInvocation !== true && openai?.policy?.allowImplicitInvocation !== false,
    user: frontmatter.userInvocable !== false,
  };
}
