/**
 * @module `skillset enable <name>` (and, through `toggleCommand`, `skillset disable`): switches a skill on or
 * off in the user state, or the project's with `--project` (SPEC §6).
 */
import { resolve } from "node:path";
import { configPaths } from "@skillset/core/config";
import { looksLikePath } from "@skillset/core/registry";
import { type CommandContext, EXIT_OK } from "../command.js";
import { openRegistry } from "../open-skillset.js";
import { unknownSkillMessage } from "./show.run.js";

/** The work of `enable` or `disable`: they differ only in the value written and the words printed. */
export function toggleRunner(enabled: boolean): (context: CommandContext) => Promise<number> {
  const verb = enabled ? "enable" : "disable";
  const done = enabled ? "Enabled" : "Disabled";
  return async (context) => {
    const given = context.positionals[0]!;
    const byPath = looksLikePath(given);
    const layer = context.values.project ? "project" : "user";
    const { registry } = await openRegistry(context);
    const found = registry.lookup(byPath ? resolve(context.cwd, given) : given);
    // A name means what `show` and `$name` mean (`gh-fix-ci` → `github:gh-fix-ci`) and applies to every
    // skill of that qualified name; a path means that one skill.
    const key = byPath
      ? resolve(context.cwd, given)
      : found.kind === "found"
        ? found.entry.skill.qualifiedName
        : given;
    const matching = byPath
      ? found.kind === "found"
        ? [found.entry]
        : []
      : registry.entries().filter((entry) => entry.skill.qualifiedName === key);
    if (matching.length === 0) {
      context.stderr.write(
        `skillset ${verb}: warning: ${unknownSkillMessage(registry, given)} The setting is recorded anyway and applies once such a skill appears.\n`,
      );
    }
    const changed = await registry.setEnabled(key, enabled, layer);
    const files = configPaths({
      projectRoot: registry.projectRoot,
      env: context.env,
      ...(context.env.HOME ? { home: context.env.HOME } : {}),
    });
    const file = layer === "project" ? files.projectState : files.userState;
    const lines = changed.map(
      (entry) => `${done} ${entry.skill.qualifiedName} (${entry.skill.scope}) ${entry.skill.path}`,
    );
    const after = new Map(registry.entries().map((entry) => [entry.skill.id, entry.enabled]));
    const stuck = matching.filter((entry) => after.get(entry.skill.id) !== enabled);
    for (const entry of stuck) {
      const higher =
        layer === "user"
          ? "the project's .skillset/state.json (use --project) or SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS"
          : "SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS, or an entry for its path";
      context.stderr.write(
        `skillset ${verb}: warning: ${entry.skill.qualifiedName} at ${entry.skill.path} is still ${enabled ? "disabled" : "enabled"}; ${higher} decides.\n`,
      );
    }
    if (changed.length === 0 && stuck.length === 0 && matching.length > 0) {
      lines.push(`${given} was already ${enabled ? "enabled" : "disabled"}.`);
    }
    lines.push(`Recorded '${key}' as ${enabled ? "enabled" : "disabled"} in ${file}.`);
    context.stdout.write(`${lines.join("\n")}\n`);
    return EXIT_OK;
  };
}
