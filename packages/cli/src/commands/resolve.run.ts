/**
 * @module `skillset resolve "<text>"` — what a turn would do with a message (SPEC §8, §12, §13), run
 * through a session exactly as a host's turn: the `Using skill:` lines, the subagent tasks (`context: fork`),
 * the model override and the tool narrowing it puts in force, each diagnostic (permissions and dependencies
 * included), and the task that remains; `--inspect` adds the session's catalog state and the skills it
 * loaded. Nothing runs: shell preprocessing stays off, and the session is told it can fork (as an agent
 * host can) only so that the fork request is shown — no subagent starts.
 */

import { defaultConfig, type MentionsConfig } from "@skillset/core/config";
import { type MentionSource, scanMentions } from "@skillset/core/mentions";
import { type Diagnostic, inertForTerminal, parseSkillUri } from "@skillset/core/model";
import type { ToolPolicy } from "@skillset/core/policy";
import { createSkillset, type PreparedTurn, type SessionInspection } from "@skillset/core/session";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { skillJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";
import { referenceTargets } from "../reference-targets.js";

const SOURCES: readonly MentionSource[] = ["user", "palette", "model"];

/** Parses `--source`, naming the valid sources when it is wrong. */
function parseSource(value: unknown): MentionSource {
  if (value === undefined) return "user";
  if (typeof value === "string" && (SOURCES as readonly string[]).includes(value))
    return value as MentionSource;
  throw new UsageError(`unknown source '${String(value)}'; use one of ${SOURCES.join(", ")}`);
}

/** The JSON shape of a resolution: plain data, paths instead of whole skills. */
function resolutionJson(turn: PreparedTurn, diagnostics: readonly Diagnostic[]) {
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
    diagnostics: diagnostics.map(({ severity, code, message, path }) => ({
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
    forks: turn.forks.map((fork) => ({
      skill: skillJson(fork.skill),
      args: fork.args,
      ...(fork.agent === undefined ? {} : { agent: fork.agent }),
      ...(fork.model === undefined ? {} : { model: fork.model }),
    })),
    ...(turn.model === undefined ? {} : { model: turn.model }),
    toolPolicy: toolPolicyJson(turn.toolPolicy),
  };
}

/** A tool policy as plain data: its patterns by their text. */
function toolPolicyJson(toolPolicy: ToolPolicy) {
  return {
    mode: toolPolicy.mode,
    skills: toolPolicy.skills,
    ...(toolPolicy.allowed ? { allowed: toolPolicy.allowed.map((pattern) => pattern.text) } : {}),
    disallowed: toolPolicy.disallowed.map((pattern) => pattern.text),
  };
}

/** What the turn hands the host beyond its messages: subagent tasks, the model, the tool narrowing. */
function hostLines(turn: PreparedTurn, inert: (text: string) => string): string[] {
  const lines: string[] = [];
  for (const fork of turn.forks) {
    const agent = fork.agent === undefined ? "the default agent" : `agent ${inert(fork.agent)}`;
    const model = fork.model === undefined ? "" : `, model ${inert(fork.model)}`;
    lines.push(`Fork: ${inert(fork.skill.qualifiedName)} runs as a subagent task (${agent}${model})`);
  }
  if (turn.model !== undefined) lines.push(`Model: ${inert(turn.model)}`);
  const { allowed, disallowed, mode } = turn.toolPolicy;
  const patterns = (list: readonly { text: string }[]) =>
    inert(list.map((pattern) => pattern.text).join(", "));
  if (allowed !== undefined) {
    const meaning = mode === "restrict" ? "only these are offered" : "these run without asking";
    lines.push(`Allowed tools (${mode}: ${meaning}): ${allowed.length > 0 ? patterns(allowed) : "none"}`);
  }
  if (disallowed.length > 0) lines.push(`Disallowed tools: ${patterns(disallowed)}`);
  return lines;
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

/**
 * The names the message's mentions ask for, when every mention names its skill (`$name`, `/name`,
 * `skill://name`): the registry may then load just those (`RegistryOptions.oneSkill`), and loads in full
 * when one of them is not one skill. `undefined` for a message without mentions or with a linked one
 * (`[$name](path)`: the path decides). A dotted id is taken whole (`$a.b:fmt`, `$gh.fix`): when no skill
 * has it (`$pdf.then`), the full load lets the turn read it as `$pdf` and text.
 */
export function mentionedNames(text: string): string[] | undefined {
  const names = new Set<string>();
  for (const mention of scanMentions(text, { dottedId: () => true })) {
    if (mention.kind === "linked") return undefined;
    if (mention.kind !== "uri") names.add(mention.id);
    else {
      const parsed = parseSkillUri(mention.raw);
      if (!parsed.ok) return undefined;
      names.add(parsed.uri.name);
    }
  }
  return names.size === 0 ? undefined : [...names];
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
  // `--inspect` shows the catalog: every skill, so the whole registry.
  const names = context.values.inspect === true ? undefined : mentionedNames(text);
  const { registry, config } = await openRegistry(context, {
    ...(flags === undefined ? {} : { flags }),
    ...(names === undefined ? {} : { oneSkill: names }),
  });
  const skills = await createSkillset({ cwd: context.cwd, env: context.env, registry });
  // A fork callback that starts nothing: the turn gives its fork request as an agent host would see it.
  const session = skills.session({
    host: { mentions: cliHints(config.mentions), fork: () => ({ taskId: "" }) },
  });
  const turn = await session.prepareTurn(text, { source });
  const inspection = context.values.inspect === true ? session.inspect() : undefined;
  await skills.close();
  const targets = await referenceTargets(turn.references, registry);
  const diagnostics = [
    ...turn.diagnostics,
    ...targets.flatMap((target) => (target && "finding" in target ? [target.finding] : [])),
  ];
  const code = diagnostics.length > 0 ? EXIT_FINDINGS : EXIT_OK;
  if (context.values.json) {
    writeJson(context.stdout, {
      ...resolutionJson(turn, diagnostics),
      ...(inspection === undefined ? {} : { inspection: inspectionJson(inspection) }),
    });
    return code;
  }
  const paint = painter(context.color);
  const inert = (text: string) => inertForTerminal(text);
  const lines = turn.visibleLines.map((line) => paint("green", inert(line)));
  for (const activation of turn.activations) {
    if (activation.args !== undefined)
      lines.push(`Arguments for ${inert(activation.skill.qualifiedName)}: ${inert(activation.args)}`);
  }
  lines.push(...hostLines(turn, inert));
  for (const found of diagnostics) {
    const severity = paint(found.severity === "error" ? "red" : "yellow", found.severity);
    lines.push(`${severity}: ${inertForTerminal(found.message, { keepLines: true })}`);
  }
  for (const [index, reference] of turn.references.entries()) {
    const target = targets[index];
    const shown =
      target === undefined
        ? `no usable skill named '${reference.id}'`
        : "path" in target
          ? target.path
          : target.missing === "skill"
            ? `no skill named '${reference.id}'`
            : `no file (${target.finding.code})`;
    lines.push(`Reference: ${inert(reference.mention.raw)} → ${inert(shown)}`);
  }
  lines.push(`Task: ${inertForTerminal(turn.task, { keepLines: true })}`);
  if (inspection) lines.push(...inspectionLines(inspection));
  context.stdout.write(`${lines.join("\n")}\n`);
  return code;
}

/** `--inspect --json`: the session's state as plain data (tool patterns by their text). */
function inspectionJson(inspection: SessionInspection) {
  const { toolPolicy, ...rest } = inspection;
  return { ...rest, toolPolicy: toolPolicyJson(toolPolicy) };
}

/** `--inspect`: what the catalog listed, shortened, left out and hid, and each skill loaded. */
function inspectionLines(inspection: SessionInspection): string[] {
  const { catalog } = inspection;
  const names = (list: readonly string[]) => inertForTerminal(list.join(", "));
  const lines = [
    "",
    `Catalog (${catalog.format}, ${catalog.tokens} of ${catalog.budget} tokens): ${catalog.listed.length} listed, ${catalog.shortened.length} shortened, ${catalog.omitted.length} omitted, ${catalog.hidden.length} hidden`,
  ];
  if (catalog.shortened.length > 0) lines.push(`  shortened: ${names(catalog.shortened)}`);
  if (catalog.omitted.length > 0) lines.push(`  omitted: ${names(catalog.omitted)}`);
  if (catalog.hidden.length > 0) lines.push(`  hidden: ${names(catalog.hidden)}`);
  lines.push(`Loaded in this conversation: ${inspection.loaded.length}`);
  for (const record of inspection.loaded) {
    const version = record.version === undefined ? "" : ` ${inertForTerminal(record.version)}`;
    lines.push(`  ${inertForTerminal(record.name)}${version}  ${inertForTerminal(record.path)}`);
  }
  return lines;
}
