/**
 * @module `skillset search "<query>"` — ranked skills with their name, SKILL.md path, scope, score and
 * reason (SPEC §10, §13), from the same index the model's `skill_search` uses.
 */
import { inertForTerminal, SCOPES, type Scope } from "@skillset/core/model";
import { metadataCachePath } from "@skillset/core/registry";
import { createSkillSearch, searchCachePath, splitWords } from "@skillset/core/search";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openPolicy } from "../open-policy.js";
import { openRegistry } from "../open-skillset.js";
import { scopeStyle } from "../present-skill.js";
import { readQuery } from "../read-query.js";

function parseLimit(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1)
    throw new UsageError(`--limit must be a whole number ≥ 1, not '${String(value)}'`);
  return limit;
}

function parseScope(value: unknown): Scope | undefined {
  if (value === undefined) return undefined;
  if ((SCOPES as readonly unknown[]).includes(value)) return value as Scope;
  throw new UsageError(`unknown scope '${String(value)}'; use one of ${SCOPES.join(", ")}`);
}

/** `skillset search`: exit 0 with results, 1 when nothing matches, 2 for a query without words. */
export async function run(context: CommandContext): Promise<number> {
  const limit = parseLimit(context.values.limit);
  const scope = parseScope(context.values.scope);
  const query = await readQuery(context);
  if (splitWords(query.slice(0, 1000)).length === 0) {
    throw new UsageError("the query has no words to search for; describe the task in a few words");
  }
  const { registry, config } = await openRegistry(context);
  const home = context.env.HOME === undefined || context.env.HOME === "" ? undefined : context.env.HOME;
  const metadataFile = metadataCachePath({ cwd: context.cwd, env: context.env, ...(home ? { home } : {}) });
  const index = createSkillSearch(registry.entries(), {
    cacheFile: searchCachePath(metadataFile),
    onlyQuery: query,
    config: {
      ...config.search,
      ...(limit === undefined ? {} : { maxLimit: Math.max(limit, config.search.maxLimit) }),
    },
    scopeOrder: config.discovery.scopeOrder,
    cwd: context.cwd,
    isHidden: (await openPolicy(context, registry)).isDenied,
  });
  const results = index.search(query, {
    ...(limit === undefined ? {} : { limit }),
    ...(scope === undefined ? {} : { scope }),
    ...(context.values.all === true ? { all: true } : {}),
  });
  if (context.values.json) {
    writeJson(context.stdout, {
      query,
      results: results.map((result) => ({
        ...entryJson(result.entry),
        score: result.score,
        reason: result.reason,
      })),
    });
    return results.length > 0 ? EXIT_OK : EXIT_FINDINGS;
  }
  if (results.length === 0) {
    context.stderr.write(
      `skillset search: no skill matches '${inertForTerminal(query.slice(0, 200))}'.${context.values.all ? "" : " Try other words, or --all to include disabled and shadowed skills."}\n`,
    );
    return EXIT_FINDINGS;
  }
  const paint = painter(context.color);
  const lines: string[] = [];
  for (const { entry, score, reason } of results) {
    const { skill } = entry;
    lines.push(
      `${paint("bold", inertForTerminal(skill.qualifiedName))}  ${paint(scopeStyle(skill.scope), skill.scope)}  ${paint("dim", `${reason} ${score}`)}`,
      `  ${inertForTerminal(skill.description)}`,
      `  ${paint("dim", inertForTerminal(skill.path))}`,
    );
  }
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
