/**
 * @module Loading a resolved skill for a tool: the `tool` envelope, with the session's tracker, hooks
 * and a result the model can act on.
 */
import type { LoadedSkill, LoadOptions } from "../loader/load-skill.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import { type ToolResult, toolSuccess } from "./tool-result.js";
import type { SkillToolsContext } from "./tools-context.js";

/**
 * Load options from the context (tracker, session id, preprocess hook, file system), with the URL name
 * that means exactly `entry`'s skill.
 */
export function loadOptionsOf(
  context: SkillToolsContext,
  entry: RegistryEntry,
  args: string | readonly string[] | undefined,
): LoadOptions {
  return {
    envelope: "tool",
    uriName: exactSkillName(entry.skill, context.registry.entries()),
    ...(args === undefined ? {} : { args }),
    ...(context.tracker ? { tracker: context.tracker } : {}),
    ...(context.sessionId === undefined ? {} : { sessionId: context.sessionId }),
    ...(context.preprocess ? { preprocess: context.preprocess } : {}),
    ...(context.fs ? { fs: context.fs } : {}),
  };
}

/** The data every load result carries. */
export function loadedData(loaded: LoadedSkill): Record<string, unknown> {
  const { skill } = loaded;
  return {
    name: skill.qualifiedName,
    path: skill.path,
    dir: skill.dir,
    scope: skill.scope,
    suppressed: loaded.suppressed,
    ...(loaded.files ? { files: loaded.files.files, filesTruncated: loaded.files.truncated } : {}),
  };
}

/** Loads `entry` in the tool envelope; a read failure is thrown as `SkillsetError` (the tool wrapper turns it into a result). */
export async function loadForTool(
  context: SkillToolsContext,
  entry: RegistryEntry,
  args: string | readonly string[] | undefined,
): Promise<ToolResult> {
  // The loader is imported on the first load: creating the tools (at a host's start) does not need it.
  const { loadSkill } = await import("../loader/load-skill.js");
  const loaded = await loadSkill(entry.skill, loadOptionsOf(context, entry, args));
  return toolSuccess(loaded.text, loadedData(loaded));
}
