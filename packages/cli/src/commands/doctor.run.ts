/**
 * @module `skillset doctor` — where skillset looked and what it found: roots, project root, config files,
 * precedence, skills that failed to load, shadowed, ambiguous and disabled skills, permission rules (with
 * the agents' settings files they were imported from) and unmet dependencies.
 */
import { type ProjectTrust, projectTrust, resolveHome } from "@skillset/core/config";
import { type Diagnostic, inertForTerminal, mergeDiagnostics, SCOPES } from "@skillset/core/model";
import { describeOrigin, loadPolicy, missingDependencies, type SkillDependency } from "@skillset/core/policy";
import type { RegistryEntry } from "@skillset/core/registry";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { interruptedInstallNotice } from "../interrupted-installs.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { scopeStyle } from "../present-skill.js";
import { formatDiagnostics } from "../print-diagnostics.js";
import { outputColumns } from "../terminal/output-width.js";
import { withWrapRules } from "../terminal/wrap-width.js";

/** What a missing dependency asks of the person: `set TOKEN`, `the MCP server linear`. */
function dependencyText(missing: readonly SkillDependency[]): string {
  const variables = missing.filter((item) => item.kind === "env").map((item) => item.name);
  const servers = missing.filter((item) => item.kind === "mcp").map((item) => item.name);
  return [
    ...(variables.length > 0 ? [`set ${variables.join(", ")}`] : []),
    ...(servers.length > 0 ? [`MCP ${servers.join(", ")}`] : []),
  ].join("; ");
}

const inert = (text: string) => inertForTerminal(text);
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Whether the project's own settings may widen what the person allows, and what was ignored. */
function trustText(trust: ProjectTrust, ignored: number): string {
  const settings = ignored > 0 ? `; ${plural(ignored, "project setting")} ignored (see Warnings)` : "";
  if (trust.state === "trusted") return `trusted since ${inert(trust.record?.trustedAt ?? "")}`;
  if (trust.state === "changed") {
    return `was trusted, but its settings files changed since${settings}; review them and run \`skillset trust\` again`;
  }
  return ignored > 0
    ? `not trusted${settings}; run \`skillset trust\` to allow them`
    : "not trusted (its own settings may only narrow yours)";
}

function skillLine(entry: RegistryEntry, extra = ""): string {
  return `  ${inert(entry.skill.qualifiedName)}  ${inert(entry.skill.path)}${extra}`;
}

/** `skillset doctor`: roots, precedence and every problem found; exit 1 when a skill failed to load. */
export async function run(context: CommandContext): Promise<number> {
  const { registry, config, configFiles } = await openRegistry(context);
  const policy = await loadPolicy({
    config: config.policy,
    projectRoot: registry.projectRoot,
    cwd: registry.cwd,
    home: resolveHome({ env: context.env }),
    env: context.env,
  });
  const trust = await projectTrust({
    projectRoot: registry.projectRoot,
    env: context.env,
    home: resolveHome({ env: context.env }),
  });
  const entries = registry.entries();
  // The registry and the policy both read the state files: a damaged one is reported once.
  const diagnostics = mergeDiagnostics(
    registry.diagnostics(),
    policy.check(entries.map((entry) => entry.skill)),
  );
  const order = [
    ...config.discovery.scopeOrder,
    ...SCOPES.filter((scope) => !config.discovery.scopeOrder.includes(scope)),
  ];
  const errors = diagnostics.filter((found) => found.severity === "error");
  // Discovery's warnings, and those the loaded skills carry (a name repaired, a field ignored, …); a
  // finding both carry (the walker's lowercase `skill.md`, also on its skill) is reported once.
  const isWarning = (found: Diagnostic) => found.severity === "warning" && found.code !== "ambiguous";
  const warnings = mergeDiagnostics(
    diagnostics.filter(isWarning),
    entries.flatMap((entry) => entry.skill.diagnostics.filter(isWarning)),
  );
  const shadowed = entries.filter((entry) => entry.status === "shadowed");
  const ambiguous = entries.filter((entry) => entry.status === "ambiguous");
  const disabled = entries.filter((entry) => !entry.enabled);
  const unmet = entries
    .filter((entry) => entry.status === "effective" && entry.enabled)
    .map((entry) => ({ entry, missing: missingDependencies(entry.skill, { env: context.env }) }))
    .filter(({ missing }) => missing.length > 0);
  const byId = new Map(entries.map((entry) => [entry.skill.id, entry]));
  const ignored = warnings.filter((found) => found.code === "project-setting-ignored");
  const exit = errors.length > 0 ? EXIT_FINDINGS : EXIT_OK;

  if (context.values.json) {
    const output = {
      cwd: registry.cwd,
      projectRoot: registry.projectRoot,
      configFiles,
      projectTrust: {
        state: trust.state,
        path: trust.path,
        file: trust.file,
        ...(trust.record ? { trustedAt: trust.record.trustedAt } : {}),
        ignored: ignored.length,
      },
      scopeOrder: order,
      roots: registry.roots().map((info) => ({ ...info.root, exists: info.exists, skills: info.skills })),
      counts: {
        skills: entries.length,
        effective: entries.filter((entry) => entry.status === "effective").length,
        shadowed: shadowed.length,
        ambiguous: ambiguous.length,
        disabled: disabled.length,
        errors: errors.length,
        warnings: warnings.length,
      },
      errors,
      warnings,
      shadowed: shadowed.map(entryJson),
      ambiguous: ambiguous.map(entryJson),
      disabled: disabled.map(entryJson),
      permissionRules: policy.rules.map(({ origin, ...rule }) => ({ ...rule, origin })),
      unmetDependencies: unmet.map(({ entry, missing }) => ({
        skill: entryJson(entry),
        missingEnv: missing.filter((item) => item.kind === "env").map((item) => item.name),
        missing,
      })),
    };
    writeJson(context.stdout, output);
    return exit;
  }

  const paint = painter(context.color);
  const lines: string[] = [];
  const heading = (title: string, count?: number) =>
    lines.push("", paint("bold", count === undefined ? title : `${title} (${count})`));
  const field = (label: string, value: string) => lines.push(`${paint("dim", label.padEnd(14))}${value}`);
  field("Project root", inert(registry.projectRoot));
  if (registry.cwd !== registry.projectRoot) field("Working dir", inert(registry.cwd));
  field("Config files", configFiles.length > 0 ? inert(configFiles.join(", ")) : "none");
  field("Project trust", trustText(trust, ignored.length));
  field("Precedence", order.join(" > "));

  heading("Roots searched, highest precedence first");
  const roots = registry.roots();
  const scopeWidth = Math.max(...roots.map((info) => info.root.scope.length));
  const providerWidth = Math.max(...roots.map((info) => info.root.provider.length));
  const label = (info: (typeof roots)[number]) =>
    inert(info.root.path + (info.root.namespace === undefined ? "" : ` [${info.root.namespace}]`));
  const pathWidth = Math.max(...roots.map((info) => label(info).length));
  for (const info of roots) {
    const { root } = info;
    const mark = info.exists ? paint("green", "✓") : paint("dim", "·");
    const found = info.exists
      ? `${info.skills} skill${info.skills === 1 ? "" : "s"}`
      : paint("dim", "not found");
    lines.push(
      `  ${mark} ${paint(scopeStyle(root.scope), root.scope.padEnd(scopeWidth))}  ${root.provider.padEnd(providerWidth)}  ${label(info).padEnd(pathWidth)}  ${found}`,
    );
  }

  const effective = entries.filter((entry) => entry.status === "effective").length;
  // Identical copies in several agents' folders are one skill (SPEC §5): counted apart, as `list` hides them.
  const copies = entries.filter((entry) => entry.status === "duplicate").length;
  heading(
    `Skills: ${entries.length} loaded (${effective} effective, ${copies > 0 ? `${copies} identical ${copies === 1 ? "copy" : "copies"}, ` : ""}${shadowed.length} shadowed, ${ambiguous.length} ambiguous; ${disabled.length} disabled)`,
  );
  const columns = outputColumns(context.stdout, context.env);
  const interrupted = interruptedInstallNotice(registry.projectRoot, context.env);
  if (interrupted !== undefined) lines.push(paint("yellow", inert(interrupted)));
  const report = async (title: string, list: readonly Diagnostic[]) => {
    if (list.length === 0) return;
    heading(title, list.length);
    // Grouped by file like `validate` prints them: the path once, as the heading of its findings.
    const text = await withWrapRules(() =>
      formatDiagnostics([{ path: "", dir: "", valid: false, diagnostics: [...list] }], {
        cwd: context.cwd,
        color: context.color,
        ...(columns === undefined ? {} : { columns }),
      }),
    );
    lines.push(text.trimEnd());
  };
  await report("Errors", errors);
  if (shadowed.length > 0) {
    heading("Shadowed", shadowed.length);
    for (const entry of shadowed) {
      const winner = entry.shadowedBy ? byId.get(entry.shadowedBy)?.skill.path : undefined;
      lines.push(skillLine(entry, winner ? `  (by ${inert(winner)})` : ""));
    }
  }
  if (ambiguous.length > 0) {
    heading("Ambiguous (a bare name picks none of them)", ambiguous.length);
    for (const entry of ambiguous) lines.push(skillLine(entry));
  }
  if (disabled.length > 0) {
    heading("Disabled", disabled.length);
    for (const entry of disabled) lines.push(skillLine(entry));
  }
  if (policy.rules.length > 0) {
    heading("Permission rules (deny > allow > ask)", policy.rules.length);
    for (const rule of policy.rules) {
      const tool = rule.tool && rule.tool !== "*" ? ` (${rule.tool})` : "";
      lines.push(
        `  ${rule.action.padEnd(5)} ${inert(rule.skill)}${tool}  from ${inert(describeOrigin(rule.origin))}`,
      );
    }
  }
  if (unmet.length > 0) {
    heading("Unmet dependencies", unmet.length);
    for (const { entry, missing } of unmet)
      lines.push(skillLine(entry, `  (${inert(dependencyText(missing))})`));
  }
  await report("Warnings", warnings);
  lines.push(
    "",
    errors.length > 0
      ? paint("red", `${plural(errors.length, "error")}, ${plural(warnings.length, "warning")} found.`)
      : warnings.length > 0
        ? paint("yellow", `No errors; ${plural(warnings.length, "warning")}.`)
        : paint("green", "No errors found."),
  );
  context.stdout.write(`${lines.join("\n")}\n`);
  return exit;
}
