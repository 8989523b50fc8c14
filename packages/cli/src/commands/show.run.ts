/**
 * @module `skillset show <name|path>` — one skill's metadata, location, state and diagnostics.
 */

import { inertForTerminal } from "@skillset/core/model";
import { denialReason } from "@skillset/core/policy";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { entryJsonWithPolicy } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { loadFailureMessage } from "../load-failure.js";
import { openPolicy } from "../open-policy.js";
import { openRegistry } from "../open-skillset.js";
import { entryMarks, scopeStyle } from "../present-skill.js";
import { ambiguousMessage, unknownSkillMessage } from "../skill-messages.js";
import { displayWidth, loadWidthRules, padWidth } from "../terminal/text-width.js";

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** `skillset show <name|path>`: one skill in full; exit 1 for an unknown or ambiguous name. */
export async function run(context: CommandContext): Promise<number> {
  const key = context.positionals[0]!;
  const { registry } = await openRegistry(context, { oneSkill: key });
  const found = registry.lookup(key);
  if (found.kind === "not-found") {
    const failure = await loadFailureMessage(context, registry, key);
    context.stderr.write(`skillset show: ${failure ?? unknownSkillMessage(registry, key)}\n`);
    return EXIT_FINDINGS;
  }
  if (found.kind === "ambiguous") {
    context.stderr.write(`skillset show: ${ambiguousMessage(key, found.entries)}\n`);
    return EXIT_FINDINGS;
  }
  const { entry } = found;
  const { skill } = entry;
  // Denied by a permission rule (SPEC §11): shown as denied, with the rule and its file.
  const policy = await openPolicy(context, registry);
  const denial = policy.isDenied(skill)
    ? (denialReason(policy.permissions, skill) ?? "a permission rule")
    : undefined;
  if (context.values.json) {
    const output = {
      ...entryJsonWithPolicy(entry, denial),
      dir: skill.dir,
      invocation: skill.invocation,
      frontmatter: skill.frontmatter.raw,
      ...(skill.openai === undefined ? {} : { openai: skill.openai }),
      mtimeMs: skill.mtimeMs,
      size: skill.size,
    };
    writeJson(context.stdout, output);
    return EXIT_OK;
  }
  const paint = painter(context.color);
  const marks = entryMarks(entry, registry.entries(), denial !== undefined);
  const rows: [string, string][] = [["path", skill.path]];
  if (skill.id !== skill.path) rows.push(["real path", skill.id]);
  const distance = skill.source.distance === undefined ? "" : `, distance ${skill.source.distance}`;
  rows.push(["root", `${skill.source.root} (${skill.source.provider}${distance})`]);
  const state = [entry.status, entry.enabled ? "enabled" : "disabled"];
  if (entry.shadowedBy) state.push(`by ${entry.shadowedBy}`);
  if (entry.ambiguousWith) state.push(`with ${entry.ambiguousWith.join(", ")}`);
  if (entry.duplicateOf) state.push(`a copy of ${entry.duplicateOf}`);
  if (denial !== undefined) state.push(`denied by ${denial}`);
  rows.push(["state", state.join(", ")]);
  // Copies of this skill in other agents' folders (SPEC §5): one skill, listed once.
  for (const [index, path] of (entry.alsoIn ?? []).entries()) rows.push([index === 0 ? "also in" : "", path]);
  const invocation = [skill.invocation.model ? "model" : "", skill.invocation.user ? "user" : ""].filter(
    Boolean,
  );
  rows.push(["invocation", invocation.length > 0 ? invocation.join(" and ") : "nobody"]);
  for (const [field, value] of Object.entries(skill.frontmatter.raw)) {
    if (field === "name" || field === "description" || value === undefined) continue;
    rows.push([field, describeValue(value)]);
  }
  // Every label and value may come from the skill (frontmatter keys too): made inert before printing.
  const inertRows = rows.map(([label, value]) => [inertForTerminal(label), inertForTerminal(value)] as const);
  await loadWidthRules(inertRows.map(([label]) => label));
  const width = Math.max(...inertRows.map(([label]) => displayWidth(label)));
  const lines = [
    `${paint("bold", inertForTerminal(skill.qualifiedName))}  ${paint(scopeStyle(skill.scope), skill.scope)}${
      marks.length > 0 ? paint("yellow", ` (${marks.join(", ")})`) : ""
    }`,
    inertForTerminal(skill.description),
    "",
    ...inertRows.map(([label, value]) => `  ${paint("dim", padWidth(label, width))}  ${value}`),
  ];
  if (skill.diagnostics.length > 0) {
    lines.push("", "Diagnostics:");
    for (const found of skill.diagnostics) {
      const style = found.severity === "error" ? "red" : found.severity === "warning" ? "yellow" : "gray";
      const where = found.line === undefined ? "" : ` (line ${found.line})`;
      lines.push(
        `  ${paint(style, found.severity)} ${found.code}${where}: ${inertForTerminal(found.message)}`,
      );
    }
  }
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
