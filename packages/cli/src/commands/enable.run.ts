/**
 * @module The work of `skillset enable <name>` and `skillset disable <name>`: switches a skill on or off in
 * the user state, or the project's with `--project` (SPEC §6); `--reset` forgets the saved setting.
 */
import { resolve } from "node:path";
import { configPaths, resolveHome } from "@skillset/core/config";
import { nodeFileSystem } from "@skillset/core/fs";
import { type Diagnostic, inertForTerminal } from "@skillset/core/model";
import {
  exactSkillName,
  looksLikePath,
  type RegistryEntry,
  type SkillRegistry,
} from "@skillset/core/registry";
import { canonicalStateKey, keepingTrust, openStateStore } from "@skillset/core/state";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { unknownSkillMessage } from "../skill-messages.js";

/** The state file of `layer` for the registry's project and the context's HOME. */
function stateFile(context: CommandContext, registry: SkillRegistry, layer: "user" | "project"): string {
  const files = configPaths({
    projectRoot: registry.projectRoot,
    env: context.env,
    ...(context.env.HOME ? { home: context.env.HOME } : {}),
  });
  return layer === "project" ? files.projectState : files.userState;
}

/** `--reset`: removes the key from both lists of the layer's state file; true when it was there. */
async function forget(
  context: CommandContext,
  key: string,
  file: string,
  layer: "user" | "project",
  projectRoot: string,
) {
  const home = resolveHome({ env: context.env, ...(context.env.HOME ? { home: context.env.HOME } : {}) });
  const stored = await canonicalStateKey(key, { cwd: context.cwd, home, fs: nodeFileSystem });
  const write = () =>
    openStateStore(file, layer === "user" ? { writeThroughLink: true } : { writeRoot: projectRoot }).change(
      (state) => {
        state.enabled = state.enabled.filter((entry) => entry !== stored);
        state.disabled = state.disabled.filter((entry) => entry !== stored);
      },
    );
  // The person's own change to the project's state file keeps their trust in the project.
  const change = await (layer === "project"
    ? keepingTrust({ projectRoot, env: context.env, home }, write)
    : write());
  return { stored, changed: change.changed, diagnostics: change.diagnostics };
}

/** Prints what the state store reported (a damaged file moved aside); exit 1 when any is an error. */
function reportStateProblems(
  context: CommandContext,
  verb: string,
  diagnostics: readonly Diagnostic[],
): number {
  for (const problem of diagnostics) {
    context.stderr.write(`skillset ${verb}: ${problem.severity}: ${inertForTerminal(problem.message)}\n`);
  }
  return diagnostics.some((problem) => problem.severity === "error") ? EXIT_FINDINGS : EXIT_OK;
}

/** The work of `enable` or `disable`: they differ only in the value written and the words printed. */
export function toggleRunner(enabled: boolean): (context: CommandContext) => Promise<number> {
  const verb = enabled ? "enable" : "disable";
  const done = enabled ? "Enabled" : "Disabled";
  const state = enabled ? "enabled" : "disabled";
  return async (context) => {
    const given = context.positionals[0]!;
    const byPath = looksLikePath(given);
    const layer = context.values.project ? "project" : "user";
    const json = context.values.json === true;
    const { registry } = await openRegistry(context);
    const file = stateFile(context, registry, layer);
    const shown = inertForTerminal(given);

    if (context.values.reset) {
      const { stored, changed, diagnostics } = await forget(
        context,
        byPath ? resolve(context.cwd, given) : given,
        file,
        layer,
        registry.projectRoot,
      );
      const exit = reportStateProblems(context, verb, diagnostics);
      if (json) {
        const document = { key: stored, layer, file, reset: changed };
        writeJson(context.stdout, diagnostics.length > 0 ? { ...document, diagnostics } : document);
      } else {
        context.stdout.write(
          changed
            ? `Forgot the saved setting for '${inertForTerminal(stored)}' in ${file}.\n`
            : `No saved setting for '${shown}' in ${file}; nothing changed.\n`,
        );
      }
      return exit;
    }

    const found = registry.lookup(byPath ? resolve(context.cwd, given) : given);
    // A name means what `show` and `$name` mean (`gh-fix-ci` → `github:gh-fix-ci`) and applies to every
    // skill of that qualified name; a path means that one skill, and so does an exact name (`dup@repo-1a2b3c4d`,
    // which completion offers for each skill of an ambiguous name): it is recorded by the skill's path.
    const exact =
      !byPath &&
      found.kind === "found" &&
      given.includes("@") &&
      exactSkillName(found.entry.skill, registry.entries()) === given;
    const key = byPath
      ? resolve(context.cwd, given)
      : found.kind === "found"
        ? exact
          ? found.entry.skill.path
          : found.entry.skill.qualifiedName
        : given;
    const matching: RegistryEntry[] =
      byPath || exact
        ? found.kind === "found"
          ? [found.entry]
          : []
        : registry.entries().filter((entry) => entry.skill.qualifiedName === key);
    if (matching.length === 0 && context.values.force !== true) {
      // Recording a name that matches nothing is how typos go unnoticed: refuse unless asked.
      context.stderr.write(
        `skillset ${verb}: ${unknownSkillMessage(registry, given)} Nothing was recorded; add --force to record '${shown}' for a skill that does not exist yet.\n`,
      );
      return EXIT_FINDINGS;
    }
    const { changed, diagnostics } = await registry.setEnabled(key, enabled, layer);
    // E.g. a damaged state file moved aside and rewritten with what was legible in it: the setting was
    // recorded, but a setting may have been lost, so a person must look (exit 1).
    const exit = reportStateProblems(context, verb, diagnostics);
    const after = new Map(registry.entries().map((entry) => [entry.skill.id, entry.enabled]));
    const stuck = matching.filter((entry) => after.get(entry.skill.id) !== enabled);
    // A project's state file may only switch skills off unless the person trusts the project (SPEC §11).
    const narrowOnly =
      enabled &&
      layer === "project" &&
      registry.diagnostics().some((found) => found.code === "project-setting-ignored" && found.path === file);
    for (const entry of stuck) {
      if (narrowOnly) {
        context.stderr.write(
          `skillset ${verb}: warning: ${inertForTerminal(entry.skill.qualifiedName)} at ${inertForTerminal(entry.skill.path)} is still disabled: your own settings switch it off, and a project's state file may only switch skills off. Run \`skillset ${verb} ${shown}\` without --project, or \`skillset trust\` in this project.\n`,
        );
        continue;
      }
      const higher =
        layer === "user"
          ? "the project's .skillset/state.json (use --project) or SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS"
          : "SKILLSET_DISABLE_SKILLS / SKILLSET_ENABLE_SKILLS, or an entry for its path";
      context.stderr.write(
        `skillset ${verb}: warning: ${inertForTerminal(entry.skill.qualifiedName)} at ${inertForTerminal(entry.skill.path)} is still ${enabled ? "disabled" : "enabled"}; ${higher} decides.\n`,
      );
    }
    if (json) {
      writeJson(context.stdout, {
        key,
        layer,
        file,
        [state]: true,
        changed: changed.map(entryJson),
        stillOtherwise: stuck.map(entryJson),
        diagnostics,
      });
      return exit;
    }
    const lines = changed.map(
      (entry) =>
        `${done} ${inertForTerminal(entry.skill.qualifiedName)} (${entry.skill.scope}) ${inertForTerminal(entry.skill.path)}`,
    );
    if (matching.length === 0) {
      lines.push(`No skill named '${shown}' exists yet; the setting applies once one appears.`);
    } else if (changed.length === 0 && stuck.length === 0) {
      lines.push(`${shown} was already ${state}.`);
    }
    lines.push(`Recorded '${inertForTerminal(key)}' as ${state} in ${file}.`);
    context.stdout.write(`${lines.join("\n")}\n`);
    return exit;
  };
}
