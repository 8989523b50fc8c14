/**
 * @module `skillset resolve "<text>"` — what a turn would do with a message (SPEC §8, §13): the
 * `Using skill:` lines, each diagnostic, and the task that remains. Nothing is loaded or run.
 */

import { defaultConfig, type MentionsConfig } from "@skillset/core/config";
import { type MentionResolution, type MentionSource, resolveMentions } from "@skillset/core/mentions";
import { inertForTerminal } from "@skillset/core/model";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { skillJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
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
      skill: skillJson(activation.skill),
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
      ...(reference.skill === undefined ? {} : { skill: skillJson(reference.skill) }),
    })),
    mentions: turn.mentions.map(mention),
    task: turn.task,
  };
}

/**
 * The hint commands for a person at a shell: `skillset list` / `skillset enable NAME`, unless the
 * configuration names the host's own (the defaults, `/skill list`, are for agent hosts — SPEC §8).
 */
function cliHints(mentions: MentionsConfig): MentionsConfig {
  const defaults = defaultConfig.mentions;
  return {
    ...mentions,
    listCommand: mentions.listCommand === defaults.listCommand ? "skillset list" : mentions.listCommand,
    enableCommand:
      mentions.enableCommand === defaults.enableCommand ? "skillset enable" : mentions.enableCommand,
  };
}

/** The message: the arguments joined, or standard input when the only argument is `-`. */
async function messageText(context: CommandContext): Promise<string> {
  if (context.positionals.length !== 1 || context.positionals[0] !== "-")
    return context.positionals.join(" ");
  if (!context.readStdin)
    throw new UsageError("'-' reads the message from standard input, and there is none");
  return (await context.readStdin()).replace(/\r?\n$/, "");
}

/** `skillset resolve`: exit 0 when the text resolves cleanly, 1 when it produced any diagnostic. */
export async function run(context: CommandContext): Promise<number> {
  const source = parseSource(context.values.source);
  const text = await messageText(context);
  const flags = context.values.composition === true ? { mentions: { composition: true } } : undefined;
  const { registry, config } = await openRegistry(context, flags === undefined ? {} : { flags });
  const turn = resolveMentions(text, registry.entries(), {
    source,
    config: cliHints(config.mentions),
    cwd: context.cwd,
  });
  const code = turn.diagnostics.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  if (context.values.json) {
    writeJson(context.stdout, resolutionJson(turn));
    return code;
  }
  const paint = painter(context.color);
  const inert = (text: string) => inertForTerminal(text);
  const lines = turn.visibleLines.map((line) => paint("green", inert(line)));
  for (const activation of turn.activations) {
    if (activation.args !== undefined)
      lines.push(`Arguments for ${inert(activation.skill.qualifiedName)}: ${inert(activation.args)}`);
  }
  for (const found of turn.diagnostics) {
    const severity = paint(found.severity === "error" ? "red" : "yellow", found.severity);
    lines.push(`${severity}: ${inertForTerminal(found.message, { keepLines: true })}`);
  }
  for (const reference of turn.references) {
    const target = reference.skill ? reference.skill.path : `no skill named '${reference.id}'`;
    lines.push(`Reference: ${inert(reference.mention.raw)} → ${inert(target)}`);
  }
  lines.push(`Task: ${inertForTerminal(turn.task, { keepLines: true })}`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return code;
}
