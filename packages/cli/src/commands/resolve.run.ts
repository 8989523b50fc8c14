/**
 * @module `skillset resolve "<text>"` — what a turn would do with a message (SPEC §8, §13): the
 * `Using skill:` lines, each diagnostic, and the task that remains. Nothing is loaded or run.
 */
import { type MentionResolution, type MentionSource, resolveMentions } from "@skillset/core/mentions";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { openRegistry } from "../open-skillset.js";

const SOURCES: readonly MentionSource[] = ["user", "palette", "model"];

/** Parses `--source`, naming the valid sources when it is wrong. */
function parseSource(value: unknown): MentionSource {
  if (value === undefined) return "user";
  if (typeof value === "string" && (SOURCES as readonly string[]).includes(value))
    return value as MentionSource;
  throw new UsageError(`unknown source '${String(value)}'; use one of ${SOURCES.join(", ")}`);
}

/** The JSON shape of a resolution: plain data, paths instead of whole skills. */
function resolutionJson(turn: MentionResolution) {
  const mention = ({ kind, raw, start, end }: { kind: string; raw: string; start: number; end: number }) => ({
    kind,
    raw,
    start,
    end,
  });
  return {
    source: turn.source,
    activations: turn.activations.map((activation) => ({
      name: activation.skill.name,
      qualifiedName: activation.skill.qualifiedName,
      path: activation.skill.path,
      scope: activation.skill.scope,
      mention: mention(activation.mention),
      ...(activation.args === undefined ? {} : { args: activation.args }),
    })),
    diagnostics: turn.diagnostics.map(({ severity, code, message, path }) => ({
      severity,
      code,
      message,
      ...(path === "" ? {} : { path }),
    })),
    visibleLines: turn.visibleLines,
    references: turn.references.map((reference) => ({
      uri: reference.mention.raw,
      id: reference.id,
      ...(reference.relativePath === undefined ? {} : { relativePath: reference.relativePath }),
      ...(reference.skill === undefined ? {} : { path: reference.skill.path }),
    })),
    mentions: turn.mentions.map(mention),
    task: turn.task,
  };
}

/** `skillset resolve`: exit 0 when the text resolves cleanly, 1 when it produced any diagnostic. */
export async function run(context: CommandContext): Promise<number> {
  const source = parseSource(context.values.source);
  const text = context.positionals.join(" ");
  const flags = context.values.composition === true ? { mentions: { composition: true } } : undefined;
  const { registry, config } = await openRegistry(context, flags === undefined ? {} : { flags });
  const turn = resolveMentions(text, registry.entries(), {
    source,
    config: config.mentions,
    cwd: context.cwd,
  });
  const code = turn.diagnostics.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  if (context.values.json) {
    context.stdout.write(`${JSON.stringify(resolutionJson(turn), null, 2)}\n`);
    return code;
  }
  const paint = painter(context.color);
  const lines = turn.visibleLines.map((line) => paint("green", line));
  for (const activation of turn.activations) {
    if (activation.args !== undefined)
      lines.push(`Arguments for ${activation.skill.qualifiedName}: ${activation.args}`);
  }
  for (const found of turn.diagnostics) {
    lines.push(`${paint(found.severity === "error" ? "red" : "yellow", found.severity)}: ${found.message}`);
  }
  for (const reference of turn.references) {
    const target = reference.skill ? reference.skill.path : `no skill named '${reference.id}'`;
    lines.push(`Reference: ${reference.mention.raw} → ${target}`);
  }
  lines.push(`Task: ${turn.task}`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return code;
}
