/**
 * @module The work of `skillset list`: the skills in effect here, as a table or JSON (SPEC §13).
 */
import { inertForTerminal, SCOPES, type Scope } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { painter } from "../color.js";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { entryMarks, scopeStyle } from "../present-skill.js";
import { outputColumns } from "../terminal/output-width.js";
import { displayWidth, fitWidth, loadWidthRules, padWidth } from "../terminal/text-width.js";

/** Parses `--scope`, naming the valid scopes when it is wrong. */
export function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (SCOPES as readonly string[]).includes(value)) return value as Scope;
  throw new UsageError(`unknown scope '${String(value)}'; use one of ${SCOPES.join(", ")}`);
}

/** The narrowest a description column gets: half the line, at least this; longer names get their own line. */
const MIN_DESCRIPTION = 30;

interface Row {
  entry: RegistryEntry;
  name: string;
  scope: Scope;
  source: string;
  description: string;
}

/** The table: one line per skill, fitted to `columns` (or not cut at all when `columns` is undefined). */
function formatTable(rows: readonly Row[], columns: number | undefined, color: boolean): string[] {
  const paint = painter(color);
  const widest = (pick: (row: Row) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => displayWidth(pick(row))));
  const scopeWidth = widest((row) => row.scope, "SCOPE");
  const sourceWidth = widest((row) => row.source, "SOURCE");
  let nameWidth = widest((row) => row.name, "NAME");
  if (columns !== undefined) {
    // A few long names must not squeeze every description: cap the column, and let longer names overflow.
    const room = columns - scopeWidth - sourceWidth - 6 - Math.max(MIN_DESCRIPTION, Math.floor(columns / 2));
    nameWidth = Math.min(nameWidth, Math.max(4, room));
  }
  const descriptionStart = nameWidth + scopeWidth + sourceWidth + 6;
  const descriptionWidth = columns === undefined ? undefined : Math.max(10, columns - descriptionStart);
  const header = `${padWidth("NAME", nameWidth)}  ${padWidth("SCOPE", scopeWidth)}  ${padWidth("SOURCE", sourceWidth)}  DESCRIPTION`;
  const lines = [paint("bold", header)];
  for (const row of rows) {
    const dim = row.entry.status === "shadowed" || !row.entry.enabled;
    const style = dim ? "dim" : row.entry.status === "ambiguous" ? "yellow" : "bold";
    const description =
      descriptionWidth === undefined ? row.description : fitWidth(row.description, descriptionWidth);
    const rest = [
      paint(scopeStyle(row.scope), padWidth(row.scope, scopeWidth)),
      padWidth(row.source, sourceWidth),
      description,
    ].join("  ");
    if (displayWidth(row.name) > nameWidth) {
      lines.push(paint(style, row.name), `${" ".repeat(nameWidth)}  ${rest}`.trimEnd());
    } else {
      lines.push(`${paint(style, padWidth(row.name, nameWidth))}  ${rest}`.trimEnd());
    }
  }
  return lines;
}

/** `skillset list`: the effective skills as a table (`--all` adds shadowed and disabled), or JSON. */
export async function run(context: CommandContext): Promise<number> {
  const scope = parseScope(context.values.scope);
  const { registry } = await openRegistry(context);
  const all = context.values.all === true;
  const inScope = registry.entries().filter((entry) => scope === undefined || entry.skill.scope === scope);
  const shown = inScope.filter((entry) => all || (entry.status !== "shadowed" && entry.enabled));
  if (context.values.json) {
    writeJson(context.stdout, { projectRoot: registry.projectRoot, skills: shown.map(entryJson) });
    return EXIT_OK;
  }
  const diagnostics = registry.diagnostics();
  const failed = diagnostics.filter((found) => found.severity === "error").length;
  if (failed > 0) {
    context.stderr.write(
      `${failed} problem${failed === 1 ? "" : "s"} kept skills from loading; run \`skillset doctor\` for details.\n`,
    );
  }
  for (const limit of diagnostics.filter((found) => found.code === "walk-limit")) {
    context.stderr.write(`Not every skill is listed: ${inertForTerminal(limit.message)}\n`);
  }
  if (shown.length === 0) {
    context.stdout.write(
      inScope.length === 0
        ? "No skills found. Run `skillset doctor` to see where skillset looked.\n"
        : `No skills in effect; ${inScope.length} hidden (use --all).\n`,
    );
    return EXIT_OK;
  }
  const rows: Row[] = shown.map((entry) => {
    const marks = entryMarks(entry);
    return {
      entry,
      name: inertForTerminal(entry.skill.qualifiedName) + (marks.length > 0 ? ` (${marks.join(", ")})` : ""),
      scope: entry.skill.scope,
      source: inertForTerminal(entry.skill.source.provider),
      description: inertForTerminal(entry.skill.description),
    };
  });
  await loadWidthRules(rows.flatMap((row) => [row.name, row.source, row.description]));
  const lines = formatTable(rows, outputColumns(context.stdout, context.env), context.color);
  const hidden = inScope.length - shown.length;
  const ambiguous = shown.filter((entry) => entry.status === "ambiguous").length;
  const notes = [
    ...(ambiguous > 0 ? [`${ambiguous} ambiguous`] : []),
    ...(hidden > 0 ? [`${hidden} hidden (shadowed or disabled; use --all)`] : []),
  ];
  lines.push(
    "",
    `${shown.length} skill${shown.length === 1 ? "" : "s"}${notes.length > 0 ? `, ${notes.join(", ")}` : ""}`,
  );
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
