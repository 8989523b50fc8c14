/**
 * @module How a skill's scope and state look in human output, shared by `list`, `show` and `doctor`.
 */
import type { Scope } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import type { Style } from "./color.js";

const scopeStyles: Record<Scope, Style> = {
  repo: "cyan",
  user: "green",
  custom: "blue",
  admin: "yellow",
  system: "gray",
  plugin: "magenta",
  remote: "blue",
};

/** The colour of a scope badge. */
export function scopeStyle(scope: Scope): Style {
  return scopeStyles[scope];
}

/** Marks shown after a name: `shadowed`, `ambiguous`, `disabled` (empty for an enabled effective skill). */
export function entryMarks(entry: RegistryEntry): string[] {
  const marks: string[] = [];
  if (entry.status !== "effective") marks.push(entry.status);
  if (!entry.enabled) marks.push("disabled");
  return marks;
}
