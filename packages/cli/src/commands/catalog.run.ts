/**
 * @module `skillset catalog` — prints the catalog the model would see for the skills discovered here,
 * fitted into its token budget (SPEC §7, §13), and reports on stderr what was shortened or left out.
 */
import { type CatalogFormatName, type CatalogResult, renderCatalog } from "@skillset/core/catalog";
import { inertForTerminal } from "@skillset/core/model";
import { entriesWithOverrides } from "@skillset/core/policy";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openPolicy } from "../open-policy.js";
import { openRegistry } from "../open-skillset.js";

const FORMATS: readonly CatalogFormatName[] = ["xml", "markdown", "context"];

/** Parses `--format`, naming the valid formats when it is wrong. */
function parseFormat(value: unknown): CatalogFormatName | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "string" && (FORMATS as readonly string[]).includes(value)) {
    return value as CatalogFormatName;
  }
  throw new UsageError(`unknown format '${String(value)}'; use one of ${FORMATS.join(", ")}`);
}

/** Parses a whole-number flag such as `--budget 8000`; `min` is the smallest value allowed. */
function parseCount(flag: string, value: unknown, min: number): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).replaceAll("_", "");
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw new UsageError(
      `--${flag} needs a whole number of tokens of at least ${min}, not '${String(value)}'`,
    );
  }
  return Number(text);
}

/** The one-line summary written to stderr: what was listed, shortened and left out, and the tokens used. */
export function catalogReport(result: CatalogResult, color: boolean): string {
  const paint = painter(color);
  const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
  const cuts = [
    ...(result.truncated.length > 0 ? [`${plural(result.truncated.length, "description")} shortened`] : []),
    ...(result.omitted.length > 0 ? [paint("yellow", `${result.omitted.length} omitted`)] : []),
  ];
  const tokens = `${result.tokens} of ${result.budget} tokens (${result.format})`;
  if (!result.fits) {
    return `catalog: ${paint("red", `over budget: ${tokens}`)}; the budget cannot hold the catalog's fixed text — raise --budget or --context-window\n`;
  }
  const listed = `${plural(result.listed.length, "skill")} listed`;
  return `catalog: ${listed}, ${cuts.length > 0 ? cuts.join(", ") : "nothing cut"} — ${tokens}\n`;
}

export async function run(context: CommandContext): Promise<number> {
  const format = parseFormat(context.values.format);
  const budgetTokens = parseCount("budget", context.values.budget, 0);
  const contextWindow = parseCount("context-window", context.values["context-window"], 1);
  const { registry, config } = await openRegistry(context);
  const policy = await openPolicy(context, registry);
  // The skills as the model sees them: the agents' per-skill overrides (name-only, user-invocable-only) applied.
  const entries = entriesWithOverrides(registry.entries(), policy.overrides);
  const result = renderCatalog(entries, {
    isDenied: policy.isDenied,
    ...config.catalog,
    ...(format === undefined ? {} : { format }),
    ...(budgetTokens === undefined ? {} : { budgetTokens }),
    ...(contextWindow === undefined ? {} : { contextWindow }),
    scopeOrder: config.discovery.scopeOrder,
  });
  if (context.values.json) {
    const byId = new Map(entries.map((entry) => [entry.skill.id, entry]));
    const skill = (id: string) => {
      const entry = byId.get(id);
      return entry === undefined ? { id } : entryJson(entry);
    };
    writeJson(context.stdout, {
      ...result,
      listed: result.listed.map((id) => ({ skill: skill(id) })),
      truncated: result.truncated.map(({ id, originalLength, keptLength }) => ({
        skill: skill(id),
        originalLength,
        keptLength,
      })),
      omitted: result.omitted.map(({ id }) => ({ skill: skill(id) })),
    });
  } else {
    // The text is what the model sees, byte for byte, when piped; on a terminal its controls are made inert.
    const text = context.stdout.isTTY ? inertForTerminal(result.text, { keepLines: true }) : result.text;
    context.stdout.write(`${text}\n`);
    context.stderr.write(catalogReport(result, context.errorColor));
  }
  return result.fits ? EXIT_OK : EXIT_FINDINGS;
}
