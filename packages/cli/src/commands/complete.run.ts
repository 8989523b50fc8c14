/**
 * @module The work of `skillset __complete`: the names a person may type for a skill here — each
 * not-shadowed skill's qualified name, and its bare name when that alone reaches it — one a line. A name
 * `load` would refuse is not offered: a denied skill's (SPEC §11), or an ambiguous one (SPEC §5), which is
 * offered by each skill's exact name (`name@scope-<tag>`) instead.
 */
import { exactSkillName, isOutranked, type RegistryEntry, type SkillRegistry } from "@skillset/core/registry";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { openRegistry } from "../open-skillset.js";

/**
 * A name a person can type as a plain shell word: letters and digits of any script, and `_ - . : + @`.
 * A valid skill name never needs more; a name with control characters, spaces or shell metacharacters
 * (`$`, a backquote, quotes, `;`, `|`, …) is left out, so no completion script is handed shell code or
 * terminal escapes.
 */
function typable(name: string): boolean {
  return /^[\p{L}\p{M}\p{N}_.:+@-]+$/u.test(name);
}

/** Whether the policy denies a skill. The policy stage is imported here, only when there is a name to offer. */
async function deniedTest(
  context: CommandContext,
  registry: SkillRegistry,
): Promise<(entry: RegistryEntry) => boolean> {
  const { openPolicy } = await import("../open-policy.js");
  const policy = await openPolicy(context, registry);
  return (entry) => policy.isDenied(entry.skill);
}

/** The names that reach `entry` alone: its qualified name, its bare name, or its exact name when ambiguous. */
function namesOf(entry: RegistryEntry, registry: SkillRegistry, entries: readonly RegistryEntry[]): string[] {
  const { name, qualifiedName } = entry.skill;
  // `load dup` refuses a name two skills share; `dup@repo-<tag>` means one of them.
  if (entry.status === "ambiguous") return [exactSkillName(entry.skill, entries)];
  if (name === qualifiedName) return [qualifiedName];
  const found = registry.lookup(name);
  return found.kind === "found" && found.entry === entry ? [qualifiedName, name] : [qualifiedName];
}

export async function run(context: CommandContext): Promise<number> {
  const kind = context.positionals[0];
  if (kind !== "skills") throw new UsageError(`unknown kind '${kind}'; use skills`);
  const { registry } = await openRegistry(context);
  const entries = registry.entries();
  // A shadowed skill is no name's answer; a `user-invocable: false` one is hidden from completion (SPEC §11).
  const offered = entries.filter(
    (entry) => !isOutranked(entry) && entry.skill.invocation.user && typable(entry.skill.qualifiedName),
  );
  const denied = offered.length > 0 ? await deniedTest(context, registry) : () => false;
  const names = new Set<string>();
  for (const entry of offered) {
    if (denied(entry)) continue;
    for (const name of namesOf(entry, registry, entries)) names.add(name);
  }
  context.stdout.write(names.size > 0 ? `${[...names].join("\n")}\n` : "");
  return EXIT_OK;
}
