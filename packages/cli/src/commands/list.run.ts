/**
 * @module The work of `skillset list`: the skills in effect here, as a table or JSON (SPEC §13).
 */
import { basename, dirname } from "node:path";
import { type Diagnostic, inertForTerminal, SCOPES, type Scope } from "@skillset/core/model";
import { isOutranked, type RegistryEntry, type SkillRegistry } from "@skillset/core/registry";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { displayPath } from "../display-path.js";
import { interruptedInstallNotice } from "../interrupted-installs.js";
import { entryJsonWithPolicy } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { entryMarks } from "../present-skill.js";
import { outputColumns } from "../terminal/output-width.js";
import { loadWidthRules } from "../terminal/text-width.js";
// Static: the table is most of what `list` prints, and 2 KB is less than a module load to JSON output.
import { formatTable, type Row } from "./list-table.js";

/** Parses `--scope`, naming the valid scopes when it is wrong. */
export function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (SCOPES as readonly string[]).includes(value)) return value as Scope;
  throw new UsageError(`unknown scope '${String(value)}'; use one of ${SCOPES.join(", ")}`);
}

/** Skill files that failed to load named in a note, at most this many (doctor lists them all). */
const NAMED_FAILURES = 3;

/**
 * The errors of a load in words, undefined when there are none: skill files that failed to load apart
 * from other problems (a damaged state file), which keep no skill from loading. A skill that failed to
 * load is in no list (it has no description, maybe no name), so the note names it — the name it would
 * have had (its folder's) and its file — and how `show` explains it.
 */
function loadProblems(diagnostics: readonly Diagnostic[], cwd: string): string | undefined {
  const errors = diagnostics.filter((found) => found.severity === "error");
  const skillFiles = new Set(
    errors.filter((found) => basename(found.path).toLowerCase() === "skill.md").map((found) => found.path),
  );
  const others = errors.filter((found) => !skillFiles.has(found.path)).length;
  const named = [...skillFiles]
    .sort()
    .slice(0, NAMED_FAILURES)
    .map(
      (path) => `${inertForTerminal(basename(dirname(path)))} (${inertForTerminal(displayPath(path, cwd))})`,
    );
  const more = skillFiles.size > NAMED_FAILURES ? `, ${skillFiles.size - NAMED_FAILURES} more` : "";
  const first = basename(dirname([...skillFiles].sort()[0] ?? ""));
  const parts = [
    ...(skillFiles.size > 0
      ? [
          `${plural(skillFiles.size, "skill")} failed to load: ${named.join(", ")}${more} — \`skillset show ${inertForTerminal(first)}\` says why`,
        ]
      : []),
    ...(others > 0 ? [`${plural(others, skillFiles.size > 0 ? "other problem" : "problem")} found`] : []),
  ];
  return parts.length === 0 ? undefined : parts.join(", ");
}

/**
 * The lines `list` prints on stderr: skills that failed to load, links not followed, project settings
 * ignored, walk limits reached (SPEC §5, §15: no skill is left out without saying why).
 */
function listNotices(diagnostics: readonly Diagnostic[], cwd: string): string[] {
  const notices: string[] = [];
  const problems = loadProblems(diagnostics, cwd);
  if (problems !== undefined) notices.push(`${problems}; run \`skillset doctor\` for details.`);
  const outside = diagnostics.filter((found) => found.code === "link-leaves-roots").length;
  if (outside > 0) {
    notices.push(
      `${plural(outside, "link")} not followed: ${outside === 1 ? "it leads" : "they lead"} outside the skills roots and the project; run \`skillset doctor\` for which, or set discovery.followExternalLinks to true in your config to follow them.`,
    );
  }
  const ignored = diagnostics.filter((found) => found.code === "project-setting-ignored").length;
  if (ignored > 0) {
    notices.push(
      `${plural(ignored, "project setting")} ignored: a project's own files may only narrow what you allow; run \`skillset doctor\` for which, or \`skillset trust\` to allow them.`,
    );
  }
  for (const limit of diagnostics.filter((found) => found.code === "walk-limit")) {
    notices.push(`Not every skill is listed: ${inertForTerminal(limit.message)}`);
  }
  return notices;
}

/** Why the policy denies an entry (its rule and file), or `undefined`; the policy stage is loaded here. */
async function denialOf(
  context: CommandContext,
  registry: SkillRegistry,
): Promise<(entry: RegistryEntry) => string | undefined> {
  const [{ openPolicy }, { denialReason }] = await Promise.all([
    import("../open-policy.js"),
    import("@skillset/core/policy"),
  ]);
  const policy = await openPolicy(context, registry);
  return (entry) =>
    policy.isDenied(entry.skill)
      ? (denialReason(policy.permissions, entry.skill) ?? "a permission rule")
      : undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** `skillset list`: the effective skills as a table (`--all` adds shadowed and disabled), or JSON. */
export async function run(context: CommandContext): Promise<number> {
  const scope = parseScope(context.values.scope);
  const { registry } = await openRegistry(context);
  const all = context.values.all === true;
  const inScope = registry.entries().filter((entry) => scope === undefined || entry.skill.scope === scope);
  const shown = inScope.filter((entry) => all || (!isOutranked(entry) && entry.enabled));
  // With --all or --json, a skill a permission rule denies is shown as denied, with its rule (SPEC §11),
  // never as simply enabled. The policy stage is loaded only then: a plain `list` stays quick.
  const denial = all || context.values.json ? await denialOf(context, registry) : () => undefined;
  // What kept skills out of the list goes to stderr whatever the format: JSON on stdout stays the document.
  for (const notice of listNotices(registry.diagnostics(), context.cwd)) context.stderr.write(`${notice}\n`);
  const interrupted = interruptedInstallNotice(registry.projectRoot, context.env);
  if (interrupted !== undefined) context.stderr.write(`${inertForTerminal(interrupted)}\n`);
  if (context.values.json) {
    const skills = shown.map((entry) => entryJsonWithPolicy(entry, denial(entry)));
    writeJson(context.stdout, { projectRoot: registry.projectRoot, skills });
    return EXIT_OK;
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
    const denied = denial(entry) !== undefined;
    const marks = all
      ? entryMarks(entry, inScope, denied)
      : entryMarks(entry, undefined, denied).filter((mark) => !mark.startsWith("also in"));
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
    ...(hidden > 0 ? [`${hidden} hidden (shadowed, copies or disabled; use --all)`] : []),
  ];
  lines.push(
    "",
    `${shown.length} skill${shown.length === 1 ? "" : "s"}${notes.length > 0 ? `, ${notes.join(", ")}` : ""}`,
  );
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
