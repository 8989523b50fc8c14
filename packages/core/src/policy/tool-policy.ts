/**
 * @module Tool narrowing (SPEC §11): while skills are active, their `allowed-tools` keep only those tools
 * (`restrict`) or pre-approve them (`approve`), and `disallowed-tools` remove tools in both modes. The
 * policy ends when the skills do.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import { namesTool, parseToolPattern, type ToolPattern } from "./tool-pattern.js";

/** `restrict`: only allowed tools are offered. `approve`: every tool is offered, allowed ones need no confirmation. */
export type NarrowingMode = "restrict" | "approve";

/** The tools skillset itself offers; `restrict` keeps them so that skills keep working. */
export const SKILL_TOOL_NAMES: readonly string[] = ["skill_search", "skill_load", "use_skill", "skill_read"];

/** The narrowing in force. */
export interface ToolPolicy {
  mode: NarrowingMode;
  /** Qualified names of the active skills the policy comes from. */
  skills: string[];
  /** Union of the active skills' `allowed-tools`; `undefined` when none declares any (nothing narrowed). */
  allowed?: ToolPattern[];
  /**
   * The patterns of `allowed` that pre-approve calls: those of skills from trusted scopes (SPEC §11:
   * permission widening needs a trusted scope). An untrusted skill's `allowed-tools` still narrow, but a
   * call they allow is asked about as usual. Absent: every pattern of `allowed` approves.
   */
  approving?: ToolPattern[];
  /** Union of the active skills' `disallowed-tools`. */
  disallowed: ToolPattern[];
}

/** What a tool call may do under a policy. */
export interface ToolCallDecision {
  /** `allow`: run, asking as the host normally would; `approve`: run without asking; `deny`: refuse. */
  action: "allow" | "approve" | "deny";
  /** Why, for a denied call: names the pattern and the skill's list. */
  reason?: string;
}

/** The result of `filterTools`: the tools to offer (same shape as given) and what is pre-approved. */
export interface FilteredTools<T> {
  tools: T;
  /** Names of the tools offered without confirmation (approve mode, and allowed tools in restrict mode). */
  approved: string[];
  /** Names of the tools taken away. */
  removed: string[];
}

/**
 * Parses a skill's `allowed-tools` and `disallowed-tools`. An entry in no known form is left out with a
 * `tool-pattern-invalid` warning naming the skill and the entry.
 */
export function skillToolPatterns(skill: Skill): {
  allowed?: ToolPattern[];
  disallowed: ToolPattern[];
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const parse = (field: "allowed-tools" | "disallowed-tools", entries: readonly unknown[]) =>
    entries.flatMap((entry) => {
      const pattern = typeof entry === "string" ? parseToolPattern(entry) : undefined;
      if (pattern) return [pattern];
      diagnostics.push(
        diagnostic(
          "warning",
          "tool-pattern-invalid",
          `Skill '${skill.qualifiedName}' lists ${JSON.stringify(entry)} in ${field}, which is not a tool name or Tool(argument) pattern such as Read or Bash(git:*); it was ignored.`,
          skill.path,
          { field },
        ),
      );
      return [];
    });
  const allowedTools = skill.frontmatter.allowedTools;
  return {
    ...(allowedTools === undefined ? {} : { allowed: parse("allowed-tools", allowedTools) }),
    disallowed: parse("disallowed-tools", skill.frontmatter.disallowedTools ?? []),
    diagnostics,
  };
}

/**
 * The combined policy of the active skills. `isTrusted` (default: every skill) says whose `allowed-tools`
 * may pre-approve; an untrusted skill's only narrow.
 */
export function toolPolicyFor(
  skills: readonly Skill[],
  mode: NarrowingMode,
  isTrusted: (skill: Skill) => boolean = () => true,
): ToolPolicy {
  let allowed: ToolPattern[] | undefined;
  const approving: ToolPattern[] = [];
  const disallowed: ToolPattern[] = [];
  for (const skill of skills) {
    const patterns = skillToolPatterns(skill);
    if (patterns.allowed) {
      allowed = [...(allowed ?? []), ...patterns.allowed];
      if (isTrusted(skill)) approving.push(...patterns.allowed);
    }
    disallowed.push(...patterns.disallowed);
  }
  return {
    mode,
    skills: skills.map((skill) => skill.qualifiedName),
    ...(allowed ? { allowed, approving } : {}),
    disallowed,
  };
}

/** True when the tool is offered at all under `policy` (argument patterns are checked per call). */
function offered(policy: ToolPolicy, name: string): boolean {
  if (policy.disallowed.some((pattern) => pattern.argument === undefined && namesTool(pattern, name)))
    return false;
  if (policy.mode === "approve" || policy.allowed === undefined) return true;
  if (SKILL_TOOL_NAMES.includes(name)) return true;
  return policy.allowed.some((pattern) => namesTool(pattern, name));
}

/** True when calls of the tool need no confirmation (some allowed pattern names it without an argument). */
function preApproved(policy: ToolPolicy, name: string): boolean {
  return approvingPatterns(policy).some(
    (pattern) => pattern.argument === undefined && namesTool(pattern, name),
  );
}

function approvingPatterns(policy: ToolPolicy): readonly ToolPattern[] {
  return policy.approving ?? policy.allowed ?? [];
}

/**
 * Filters a host's tools: a record by name (AI SDK style) or a list of `{ name }`.
 * @example filterTools({ bash, read, write }, policy).tools // { bash, read } under allowed-tools: Bash(git:*) Read
 */
export function filterTools<T>(
  tools: Record<string, T>,
  policy: ToolPolicy,
): FilteredTools<Record<string, T>>;
export function filterTools<T extends { name: string }>(
  tools: readonly T[],
  policy: ToolPolicy,
): FilteredTools<T[]>;
export function filterTools<T>(
  tools: Record<string, T> | readonly (T & { name: string })[],
  policy: ToolPolicy,
): FilteredTools<Record<string, T> | T[]> {
  const names = Array.isArray(tools)
    ? (tools as readonly (T & { name: string })[]).map((tool) => tool.name)
    : Object.keys(tools);
  const kept = new Set(names.filter((name) => offered(policy, name)));
  const approved = names.filter((name) => kept.has(name) && preApproved(policy, name));
  const removed = names.filter((name) => !kept.has(name));
  const filtered = Array.isArray(tools)
    ? (tools as readonly (T & { name: string })[]).filter((tool) => kept.has(tool.name))
    : Object.fromEntries(Object.entries(tools as Record<string, T>).filter(([name]) => kept.has(name)));
  return { tools: filtered, approved, removed };
}

/**
 * Decides one call: denied when the tool is not offered or a `disallowed-tools` pattern matches its
 * argument (a shell command that cannot be read before it runs, such as `curl x | sh`, matches any); approved when an `allowed-tools` pattern approves it (a shell command only when it is one simple
 * command: no `&&`, `;`, `|`, substitution or redirection outside quotes); otherwise allowed (the host asks as it
 * normally would). In `restrict` mode a call to an offered tool that matches none of its patterns is denied.
 */
export function checkToolCall(policy: ToolPolicy, name: string, input: unknown): ToolCallDecision {
  const source = policy.skills.join(", ");
  const blocked = policy.disallowed.find(
    (pattern) => namesTool(pattern, name) && pattern.matchesInput(input),
  );
  if (blocked) {
    const unreadable = blocked.unreadableIn(input);
    const why = unreadable
      ? `; the command cannot be read before it runs (${unreadable}), and a shell deny rule refuses what it cannot read`
      : "";
    return { action: "deny", reason: `${blocked.text} is in disallowed-tools of ${source}${why}` };
  }
  if (!offered(policy, name))
    return { action: "deny", reason: `${name} is not in allowed-tools of ${source}` };
  if (policy.allowed === undefined || SKILL_TOOL_NAMES.includes(name)) return { action: "allow" };
  const patterns = policy.allowed.filter((pattern) => namesTool(pattern, name));
  if (patterns.some((pattern) => pattern.approvesInput(input))) {
    const approving = approvingPatterns(policy);
    return patterns.some((pattern) => approving.includes(pattern) && pattern.approvesInput(input))
      ? { action: "approve" }
      : { action: "allow" };
  }
  if (policy.mode === "restrict" && patterns.length > 0) {
    return {
      action: "deny",
      reason: `this ${name} call matches none of ${patterns.map((p) => p.text).join(", ")} in allowed-tools of ${source}`,
    };
  }
  return { action: "allow" };
}
