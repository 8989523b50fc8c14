/**
 * @module How a session takes a skill in and lets it go (SPEC §11, §12, §16): admission (permission,
 * asking the host when a rule says so, remote approval, then dependencies), activation (loaded record,
 * granted tools, trusted hooks, the event), deactivation, and starting a fork through the host.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import type { Skill } from "../model/skill.js";
import { callHost, describeHostFailure } from "../policy/call-host.js";
import type { PermissionTool } from "../policy/permissions.js";
import { skillHooks } from "../policy/skill-hooks.js";
import { skillToolPatterns } from "../policy/tool-policy.js";
import type { ForkRequest } from "../tools/tools-context.js";
import { admitRemote } from "./admit-remote.js";
import { resolveDependencies } from "./resolve-dependencies.js";
import { emit, policyOf, type SessionState } from "./session-state.js";
import type { LoadedRecord, TurnFork } from "./session-types.js";

/** Whether a skill was admitted, with what was found on the way. */
export type Check = { ok: true; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/** Permission (asking the host when a rule says so), then dependencies. */
export async function admit(
  state: SessionState,
  skill: Skill,
  tool: PermissionTool | undefined,
): Promise<Check> {
  const { host, timeoutMs } = state;
  const permission = await state.parts.policy.authorize(skill, tool, host.confirm);
  if (!permission.allowed)
    return { ok: false, diagnostics: permission.diagnostic ? [permission.diagnostic] : [] };
  if (skill.origin) {
    const admitted = await admitRemote(skill, host.confirm, timeoutMs);
    if (!admitted.ok) return admitted;
    state.remoteGrants.set(skill.id, admitted.allowedTools);
  }
  return resolveDependencies(skill, host, state.dependencies, timeoutMs);
}

/** Makes `given` active: its loaded record, its granted tools, its hooks when trusted, the event. */
export function activate(
  state: SessionState,
  given: Skill,
  via: LoadedRecord["via"],
  mtimeMs: number,
  loadedWith: Pick<LoadedRecord, "args" | "forked"> = {},
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const skill = withGrantedTools(state, given, found);
  state.active.set(skill.id, skill);
  state.lastUsed.set(skill.id, ++state.clock);
  const version = skill.frontmatter.version ?? skill.frontmatter.metadata?.version;
  state.loaded.set(skill.id, {
    name: skill.qualifiedName,
    path: skill.path,
    ...(version === undefined ? {} : { version }),
    mtimeMs,
    via,
    active: true,
    ...loadedWith,
  });
  const declared = skillHooks(skill);
  found.push(...skillToolPatterns(skill).diagnostics, ...declared.diagnostics);
  if (declared.hooks.length > 0) {
    if (state.parts.policy.isTrusted(skill)) state.hooks.register(skill.id, declared.hooks);
    else {
      found.push(
        diagnostic(
          "info",
          "hooks-untrusted",
          `Skill '${skill.qualifiedName}' declares hooks, but its scope (${skill.scope}) is not trusted; they were not registered.`,
          skill.path,
          { field: "hooks" },
        ),
      );
    }
  }
  emit(state, { type: "activated", skill, via: via === "restore" ? "tool" : via });
  return found;
}

/** Makes `skill` inactive (its hooks go, its loaded record stays, marked inactive). */
export function deactivateSkill(state: SessionState, skill: Skill): void {
  if (!state.active.delete(skill.id)) return;
  state.hooks.unregister(skill.id);
  const record = state.loaded.get(skill.id);
  if (record) record.active = false;
  emit(state, { type: "deactivated", skill });
}

/**
 * A remote skill's `allowed-tools` have no effect unless the person granted them (SPEC §16): only the
 * granted ones are kept while it is active.
 */
function withGrantedTools(state: SessionState, skill: Skill, found: Diagnostic[]): Skill {
  const declared = skill.frontmatter.allowedTools;
  if (!skill.origin || !declared || declared.length === 0) return skill;
  const granted = new Set(state.remoteGrants.get(skill.id) ?? []);
  const kept = declared.filter((tool) => granted.has(tool));
  if (kept.length < declared.length) {
    found.push(
      diagnostic(
        "info",
        "remote-tools-ignored",
        `Remote skill '${skill.qualifiedName}' asks for allowed-tools ${declared.filter((tool) => !granted.has(tool)).join(" ")}; they have no effect unless you grant them: \`skillset remote approve ${skill.qualifiedName} --allow-tools\`.`,
        skill.path,
        { field: "allowed-tools" },
      ),
    );
  }
  const frontmatter = { ...skill.frontmatter };
  if (kept.length > 0) frontmatter.allowedTools = kept;
  else delete frontmatter.allowedTools;
  return { ...skill, frontmatter };
}

/**
 * Hands a fork skill to the host's `fork` callback (without one, the request comes back as it is), with
 * the narrowing its `allowed-tools` / `disallowed-tools` make for the subagent's tools: the rule this
 * conversation's tools follow, for that skill alone.
 */
export async function startFork(state: SessionState, given: ForkRequest): Promise<TurnFork> {
  const { host, timeoutMs } = state;
  const skill = withGrantedTools(state, given.skill, []);
  const request: ForkRequest = { ...given, toolPolicy: policyOf(state, [skill]) };
  if (!host.fork) return request;
  const started = await callHost(host.fork, [request], timeoutMs);
  if (!started.ok) {
    throw new SkillsetError(
      "fork-failed",
      `Skill '${request.skill.qualifiedName}' should run as a subagent task, but the host's fork callback ${describeHostFailure(started, timeoutMs)}.`,
      { path: request.skill.path },
    );
  }
  return { ...request, taskId: started.value.taskId };
}
