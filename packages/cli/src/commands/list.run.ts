/**
 * @module `skillset list` — the skills in effect here, as a table or JSON (SPEC §13).
 */
import { SCOPES, type Scope } from "@skillset/core/model";
import { painter } from "../color.js";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { openRegistry } from "../open-skillset.js";
import { entryMarks, scopeStyle } from "../present-skill.js";

/** Parses `--scope`, naming the valid scopes when it is wrong. */
export function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (SCOPES as readonly string[]).includes(value)) return value as Scope;
  throw new UsageError(`unknown scope '${String(value)}'; use one of ${SCOPES.join(", ")}`);
}

/** Cuts `text` to `width` characters (code points), ending with `…` when cut. */
export function cut(text: string, width: number): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  return width <= 1 ? "…".slice(0, width) : `${characters.slice(0, width - 1).join("")}…`;
}

/** `skillset list`: the effective skills as a table (`--all` adds shadowed and disabled), or JSON. */
export async function run(context: CommandContext): Promise<number> {
  const scope = parseScope(context.values.scope);
  const { registry } = await openRegistry(context);
  const all = context.values.all === true;
  const inScope = registry.entries().filter((entry) => scope === undefined || entry.skill.scope === scope);
  const shown = inScope.filter((entry) => all || (entry.status !== "shadowed" && entry.enabled));
  if (context.values.json) {
    const output = { projectRoot: registry.projectRoot, skills: shown.map(entryJson) };
    context.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
    return EXIT_OK;
  }
  const paint = painter(context.color);
  const failed = registry.diagnostics().filter((found) => found.severity === "error").length;
  if (failed > 0) {
    context.stderr.write(
      `${failed} problem${failed === 1 ? "" : "s"} kept skills from loading; run \`skillset doctor\` for details.\n`,
    );
  }
  if (shown.length === 0) {
    context.stdout.write(
      inScope.length === 0
        ? "No skills found. Run `skillset doctor` to see where skillset looked.\n"
        : `No skills in effect; ${inScope.length} hidden (use --all).\n`,
    );
    return EXIT_OK;
  }
  const rows = shown.map((entry) => {
    const marks = entryMarks(entry);
    return {
      entry,
      name: entry.skill.qualifiedName + (marks.length > 0 ? ` (${marks.join(", ")})` : ""),
      scope: entry.skill.scope,
      source: entry.skill.source.provider,
    };
  });
  const width = (key: "name" | "scope" | "source", title: string) =>
    Math.max(title.length, ...rows.map((row) => [...row[key]].length));
  const nameWidth = width("name", "NAME");
  const scopeWidth = width("scope", "SCOPE");
  const sourceWidth = width("source", "SOURCE");
  const columns = context.stdout.columns ?? 100;
  const descriptionWidth = Math.max(10, columns - nameWidth - scopeWidth - sourceWidth - 6);
  const pad = (text: string, size: number) => text + " ".repeat(Math.max(0, size - [...text].length));
  const lines = [
    paint(
      "bold",
      `${pad("NAME", nameWidth)}  ${pad("SCOPE", scopeWidth)}  ${pad("SOURCE", sourceWidth)}  DESCRIPTION`,
    ),
  ];
  for (const row of rows) {
    const dim = row.entry.status === "shadowed" || !row.entry.enabled;
    const name = pad(row.name, nameWidth);
    lines.push(
      [
        dim
          ? paint("dim", name)
          : row.entry.status === "ambiguous"
            ? paint("yellow", name)
            : paint("bold", name),
        paint(scopeStyle(row.scope), pad(row.scope, scopeWidth)),
        pad(row.source, sourceWidth),
        cut(row.entry.skill.description, descriptionWidth),
      ]
        .join("  ")
        .trimEnd(),
    );
  }
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
