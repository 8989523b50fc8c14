/**
 * @module vercel's CLI keeps the person's own (global) skills in a lock of its own: version 3, at
 * `$XDG_STATE_HOME/skills/.skill-lock.json` (else `~/.agents/.skill-lock.json`), each entry with a folder
 * hash only the git host's API gives — not in `~/.agents/skills-lock.json`, which skillset reads and
 * writes. skillset does not manage those entries; it says where they are, so a person is never told
 * "not installed" or "no skills" without the reason.
 */
import { isAbsolute, join } from "node:path";
import { resolveHome } from "@skillset/core/config";
import { inertForTerminal } from "@skillset/core/model";
import type { InstallScope } from "./install-scope.js";
import { readLockText } from "./read-lock.js";

/** Where vercel's CLI keeps its lock of the person's own skills. */
export function vercelGlobalLockPath(env: Record<string, string | undefined>): string {
  const state = env.XDG_STATE_HOME;
  if (state && isAbsolute(state)) return join(state, "skills", ".skill-lock.json");
  return join(resolveHome({ env }), ".agents", ".skill-lock.json");
}

/**
 * A sentence naming the skills vercel's global lock records (of `names`, when given) for the user scope;
 * undefined when there are none, the scope is a project's, or the file cannot be read as a lock.
 */
export async function vercelGlobalLockNote(
  scope: InstallScope,
  env: Record<string, string | undefined>,
  names?: readonly string[],
): Promise<string | undefined> {
  if (scope.kind !== "user") return undefined;
  const path = vercelGlobalLockPath(env);
  let recorded: string[];
  try {
    const text = await readLockText(path);
    const skills = text === null ? undefined : (JSON.parse(text) as { skills?: unknown }).skills;
    if (typeof skills !== "object" || skills === null || Array.isArray(skills)) return undefined;
    recorded = Object.keys(skills);
  } catch {
    return undefined; // not a lock skillset can read: nothing to point at
  }
  const shown = names ? recorded.filter((name) => names.includes(name)) : recorded;
  if (shown.length === 0) return undefined;
  const list = shown.slice(0, 5).map((name) => inertForTerminal(name));
  const more = shown.length > 5 ? ` and ${shown.length - 5} more` : "";
  return `vercel's CLI records ${list.join(", ")}${more} in its own lock of your skills, ${inertForTerminal(path)}; skillset keeps its own in ${inertForTerminal(scope.lockPath)}. Manage ${shown.length === 1 ? "it" : "them"} with vercel's CLI, or add ${shown.length === 1 ? "it" : "them"} again with \`skillset add … --global\` to manage ${shown.length === 1 ? "it" : "them"} here.`;
}

/** `message`, then `note` when there is one. */
export function withNote(message: string, note: string | undefined): string {
  return note ? `${message} ${note}` : message;
}
