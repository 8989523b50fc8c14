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

/**
 * Marks shown after a name: `shadowed`, `ambiguous`, `duplicate of <provider>`, `also in <providers>` (a
 * skill copied into other agents' folders, SPEC §5), `disabled` (empty for an enabled effective skill with
 * no copies), `denied` (a permission rule refuses it). `entries` (the registry's) names the providers of
 * the copies; without it, paths are counted.
 */
export function entryMarks(
  entry: RegistryEntry,
  entries?: readonly RegistryEntry[],
  denied = false,
): string[] {
  const marks: string[] = [];
  const providerOf = (idOrPath: string) =>
    entries?.find(({ skill }) => skill.id === idOrPath || skill.path === idOrPath)?.skill.source.provider;
  if (entry.status === "duplicate" && entry.duplicateOf !== undefined) {
    marks.push(`duplicate of ${providerOf(entry.duplicateOf) ?? entry.duplicateOf}`);
  } else if (entry.status !== "effective") {
    marks.push(entry.status);
  }
  if (entry.alsoIn !== undefined && entry.alsoIn.length > 0) {
    const providers = entry.alsoIn.map(providerOf);
    marks.push(
      providers.every((provider) => provider !== undefined)
        ? `also in ${providers.join(", ")}`
        : `also in ${entry.alsoIn.length} more folder${entry.alsoIn.length === 1 ? "" : "s"}`,
    );
  }
  if (!entry.enabled) marks.push("disabled");
  if (denied) marks.push("denied");
  return marks;
}

/**
 * How to settle an ambiguous name whose skills sit in several agents' folders and differ (SPEC §5): the
 * files that differ and the two fixes; empty when the registry did not compare them.
 */
export function settleCopiesHint(entries: readonly RegistryEntry[]): string {
  const differsIn = entries.find((entry) => entry.differsIn !== undefined)?.differsIn;
  if (differsIn === undefined) return "";
  const what = differsIn.length > 0 ? `Their folders differ in ${differsIn.join(", ")}. ` : "";
  return `\n${what}To make them one skill, keep one folder and replace the others with links to it (\`skillset add <source> --agent …\` links unless given \`--copy\`), or remove all but one.`;
}
