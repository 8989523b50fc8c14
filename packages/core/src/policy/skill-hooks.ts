/**
 * @module Frontmatter `hooks` (SPEC §11, Claude Code's format): registered when a skill activates, removed
 * when it ends; a hook with `once: true` fires once per session. Only skills from trusted scopes
 * register hooks. skillset never runs a hook itself: the host asks which hooks apply and runs them.
 *
 * ```yaml
 * hooks:
 *   PreToolUse:
 *     - matcher: Bash
 *       hooks:
 *         - { type: command, command: ./scripts/check.sh, once: true }
 * ```
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";

/** One hook a skill declares. */
export interface SkillHook {
  /** Stable within a session: `<skill id>#<event>#<group>#<index>`. */
  id: string;
  /** The skill's qualified name. */
  skill: string;
  /** The event, e.g. `PreToolUse`, `PostToolUse`, `Stop`. */
  event: string;
  /** Tool-name pattern for tool events (a regular expression in Claude Code), when given. */
  matcher?: string;
  type: string;
  command: string;
  timeout?: number;
  once: boolean;
}

/** Reads a skill's hooks; an entry without a command is a `hook-invalid` warning naming the skill and event. */
export function skillHooks(skill: Skill): { hooks: SkillHook[]; diagnostics: Diagnostic[] } {
  const hooks: SkillHook[] = [];
  const diagnostics: Diagnostic[] = [];
  const spec = skill.frontmatter.hooks;
  if (spec === undefined) return { hooks, diagnostics };
  const warn = (event: string, problem: string) =>
    diagnostics.push(
      diagnostic(
        "warning",
        "hook-invalid",
        `Skill '${skill.qualifiedName}' has a ${event} hook ${problem}; it was not registered. Each hook needs type: command and a command.`,
        skill.path,
        { field: "hooks" },
      ),
    );
  for (const [event, groups] of Object.entries(spec)) {
    if (!Array.isArray(groups)) {
      warn(event, "that is not a list of { matcher, hooks }");
      continue;
    }
    groups.forEach((group, groupIndex) => {
      const record = isRecord(group) ? group : {};
      const entries = Array.isArray(record.hooks) ? record.hooks : [group];
      entries.forEach((entry, index) => {
        const hook = isRecord(entry) ? entry : {};
        const command = typeof hook.command === "string" ? hook.command.trim() : "";
        if (command === "") {
          warn(event, "with a missing command");
          return;
        }
        hooks.push({
          id: `${skill.id}#${event}#${groupIndex}#${index}`,
          skill: skill.qualifiedName,
          event,
          ...(typeof record.matcher === "string" ? { matcher: record.matcher } : {}),
          type: typeof hook.type === "string" ? hook.type : "command",
          command,
          ...(typeof hook.timeout === "number" ? { timeout: hook.timeout } : {}),
          once: hook.once === true,
        });
      });
    });
  }
  return { hooks, diagnostics };
}

/** The hooks of the active skills. Plain data in and out, so a session can snapshot it. */
export interface HookRegistry {
  /** Registers a skill's hooks (replacing any it had). */
  register(skillId: string, hooks: readonly SkillHook[]): void;
  /** Removes a skill's hooks (the skill ended). */
  unregister(skillId: string): void;
  /**
   * The hooks to run for `event` (and `toolName`, for tool events with a matcher), in registration
   * order. A `once` hook is returned once per session and then never again.
   */
  fire(event: string, toolName?: string): SkillHook[];
  /** Every registered hook that may still fire. */
  active(): SkillHook[];
  /** Ids of `once` hooks that have fired, for snapshots. */
  fired(): string[];
}

/** A registry, optionally with the `once` hooks a restored session already fired. */
export function createHookRegistry(fired: readonly string[] = []): HookRegistry {
  const bySkill = new Map<string, SkillHook[]>();
  const done = new Set(fired);
  const active = () => [...bySkill.values()].flat().filter((hook) => !(hook.once && done.has(hook.id)));
  return {
    register: (skillId, hooks) => void bySkill.set(skillId, [...hooks]),
    unregister: (skillId) => void bySkill.delete(skillId),
    fire(event, toolName) {
      const hooks = active().filter((hook) => hook.event === event && matches(hook.matcher, toolName));
      for (const hook of hooks) if (hook.once) done.add(hook.id);
      return hooks;
    },
    active,
    fired: () => [...done],
  };
}

function matches(matcher: string | undefined, toolName: string | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || toolName === undefined) return true;
  try {
    return new RegExp(`^(?:${matcher})$`).test(toolName);
  } catch {
    return matcher === toolName;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
