/**
 * @module The work of `skillset __complete`: the names a person may type for a skill here — each
 * not-shadowed skill's qualified name, and its bare name when that alone reaches it — one a line.
 */
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

export async function run(context: CommandContext): Promise<number> {
  const kind = context.positionals[0];
  if (kind !== "skills") throw new UsageError(`unknown kind '${kind}'; use skills`);
  const { registry } = await openRegistry(context);
  const entries = registry.entries();
  const names = new Set<string>();
  for (const entry of entries) {
    // A shadowed skill is no name's answer; a `user-invocable: false` one is hidden from completion (SPEC §11).
    if (entry.status === "shadowed" || entry.status === "duplicate" || !entry.skill.invocation.user) continue;
    const { name, qualifiedName } = entry.skill;
    if (!typable(qualifiedName)) continue;
    names.add(qualifiedName);
    if (name !== qualifiedName) {
      const found = registry.lookup(name);
      if (found.kind === "found" && found.entry === entry) names.add(name);
    }
  }
  context.stdout.write(names.size > 0 ? `${[...names].join("\n")}\n` : "");
  return EXIT_OK;
}
