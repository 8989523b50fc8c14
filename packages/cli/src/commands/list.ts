/**
 * @module `skillset list` — the skills in effect here, as a table or JSON (SPEC §13).
 */
import { type Diagnostic, SCOPES, type Scope } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { painter, type Style } from "../color.js";
import { type Command, EXIT_OK, UsageError } from "../command.js";
import { openRegistry } from "../open-skillset.js";

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

/** Marks shown after a name: `shadowed`, `ambiguous`, `disabled` (empty for an enabled effective skill). */
export function entryMarks(entry: RegistryEntry): string[] {
  const marks: string[] = [];
  if (entry.status !== "effective") marks.push(entry.status);
  if (!entry.enabled) marks.push("disabled");
  return marks;
}

/** Cuts `text` to `width` characters (code points), ending with `…` when cut. */
export function cut(text: string, width: number): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  return width <= 1 ? "…".slice(0, width) : `${characters.slice(0, width - 1).join("")}…`;
}

/** The JSON shape of one entry, shared by `list --json` and `show --json`. */
export function entryJson(entry: RegistryEntry) {
  const { skill } = entry;
  return {
    name: skill.name,
    qualifiedName: skill.qualifiedName,
    description: skill.description,
    path: skill.path,
    id: skill.id,
    scope: skill.scope,
    source: skill.source,
    state: {
      status: entry.status,
      enabled: entry.enabled,
      ...(entry.shadowedBy === undefined ? {} : { shadowedBy: entry.shadowedBy }),
      ...(entry.ambiguousWith === undefined ? {} : { ambiguousWith: entry.ambiguousWith }),
    },
    diagnostics: skill.diagnostics as Diagnostic[],
  };
}

/** Parses `--scope`, naming the valid scopes when it is wrong. */
export function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (SCOPES as readonly string[]).includes(value)) return value as Scope;
  throw new UsageError(`unknown scope '${String(value)}'; use one of ${SCOPES.join(", ")}`);
}

/** `skillset list`: the effective skills as a table (`--all` adds shadowed and disabled), or JSON. */
export const listCommand: Command = {
  name: "list",
  summary: "List the skills in effect here (--all adds shadowed and disabled ones)",
  usage: "list [--all] [--scope SCOPE] [--json]",
  details:
    "Each skill shows its scope and source. A skill hidden by a same-named one of higher precedence is\n" +
    "shadowed; two of the same precedence are ambiguous (a bare name resolves to neither).",
  options: {
    all: { type: "boolean", short: "a", description: "Include shadowed and disabled skills" },
    scope: { type: "string", description: `Only this scope (${SCOPES.join(", ")})`, valueName: "SCOPE" },
    json: { type: "boolean", description: "Print JSON" },
  },
  async run(context) {
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
  },
};
