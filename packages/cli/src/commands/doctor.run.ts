/**
 * @module `skillset doctor` — where skillset looked and what it found: roots, project root, config files,
 * precedence, skills that failed to load, shadowed, ambiguous and disabled skills, unmet dependencies.
 */
import { type Diagnostic, SCOPES, type Skill } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { scopeStyle } from "../present-skill.js";

/** Environment variables a skill declares (`agents/openai.yaml` `dependencies.tools`) that are not set. */
function missingVariables(skill: Skill, env: Record<string, string | undefined>): string[] {
  const tools = skill.openai?.dependencies?.tools ?? [];
  return tools
    .filter((tool) => tool.type === "env_var" && (env[tool.value] === undefined || env[tool.value] === ""))
    .map((tool) => tool.value);
}

function skillLine(entry: RegistryEntry, extra = ""): string {
  return `  ${entry.skill.qualifiedName}  ${entry.skill.path}${extra}`;
}

/** `skillset doctor`: roots, precedence and every problem found; exit 1 when a skill failed to load. */
export async function run(context: CommandContext): Promise<number> {
  const { registry, config, configFiles } = await openRegistry(context);
  const entries = registry.entries();
  const diagnostics = registry.diagnostics();
  const order = [
    ...config.discovery.scopeOrder,
    ...SCOPES.filter((scope) => !config.discovery.scopeOrder.includes(scope)),
  ];
  const errors = diagnostics.filter((found) => found.severity === "error");
  const warnings = diagnostics.filter((found) => found.severity === "warning" && found.code !== "ambiguous");
  const shadowed = entries.filter((entry) => entry.status === "shadowed");
  const ambiguous = entries.filter((entry) => entry.status === "ambiguous");
  const disabled = entries.filter((entry) => !entry.enabled);
  const unmet = entries
    .filter((entry) => entry.status === "effective" && entry.enabled)
    .map((entry) => ({ entry, missing: missingVariables(entry.skill, context.env) }))
    .filter(({ missing }) => missing.length > 0);
  const byId = new Map(entries.map((entry) => [entry.skill.id, entry]));
  const exit = errors.length > 0 ? EXIT_FINDINGS : EXIT_OK;

  if (context.values.json) {
    const output = {
      cwd: registry.cwd,
      projectRoot: registry.projectRoot,
      configFiles,
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
      unmetDependencies: unmet.map(({ entry, missing }) => ({
        skill: entryJson(entry),
        missingEnv: missing,
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
  field("Project root", registry.projectRoot);
  if (registry.cwd !== registry.projectRoot) field("Working dir", registry.cwd);
  field("Config files", configFiles.length > 0 ? configFiles.join(", ") : "none");
  field("Precedence", order.join(" > "));

  heading("Roots searched, highest precedence first");
  const roots = registry.roots();
  const scopeWidth = Math.max(...roots.map((info) => info.root.scope.length));
  const providerWidth = Math.max(...roots.map((info) => info.root.provider.length));
  const label = (info: (typeof roots)[number]) =>
    info.root.path + (info.root.namespace === undefined ? "" : ` [${info.root.namespace}]`);
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

  const effective = entries.length - shadowed.length - ambiguous.length;
  heading(
    `Skills: ${entries.length} loaded (${effective} effective, ${shadowed.length} shadowed, ${ambiguous.length} ambiguous; ${disabled.length} disabled)`,
  );
  const report = (title: string, list: readonly Diagnostic[], style: "red" | "yellow") => {
    if (list.length === 0) return;
    heading(title, list.length);
    for (const found of list) {
      lines.push(`  ${paint(style, found.code)}  ${found.path}`, `    ${found.message}`);
    }
  };
  report("Errors", errors, "red");
  if (shadowed.length > 0) {
    heading("Shadowed", shadowed.length);
    for (const entry of shadowed) {
      const winner = entry.shadowedBy ? byId.get(entry.shadowedBy)?.skill.path : undefined;
      lines.push(skillLine(entry, winner ? `  (by ${winner})` : ""));
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
  if (unmet.length > 0) {
    heading("Unmet dependencies", unmet.length);
    for (const { entry, missing } of unmet) lines.push(skillLine(entry, `  (set ${missing.join(", ")})`));
  }
  report("Warnings", warnings, "yellow");
  lines.push(
    "",
    errors.length > 0
      ? paint("red", `${errors.length} error${errors.length === 1 ? "" : "s"} found.`)
      : paint("green", "No errors found."),
  );
  context.stdout.write(`${lines.join("\n")}\n`);
  return exit;
}
