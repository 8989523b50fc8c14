/**
 * @module Mention resolution (SPEC §8, §11): what each `$name`, `[$name](path)`, `/name` and `skill://`
 * in a message means against a registry snapshot, which skills a turn activates, what the person is
 * told, and the task text that remains. Pure; never throws for any text; never activates on a guess.
 *
 * @example
 * const turn = resolveMentions("$systematic-debugging fix the auth bug", registry.entries(), { source: "user" });
 * turn.visibleLines // ["Using skill: systematic-debugging"]
 * turn.task         // "fix the auth bug"
 */

import type { MentionsConfig } from "../config/config-schema.js";
import { defaultConfig } from "../config/default-config.js";
import type { DiagnosticCode } from "../model/codes.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { parseSkillUri } from "../model/parse-skill-uri.js";
import type { Skill } from "../model/skill.js";
import { lookupName } from "../registry/lookup-entry.js";
import type { RegistryEntry } from "../registry/registry-types.js";
import {
  countQualified,
  findById,
  findByPath,
  findNearNames,
  isKnownId,
  lookupFor,
  type SkillLookup,
  type SkillMatch,
} from "../registry/skill-lookup.js";
import { BUILT_IN_HOST_COMMANDS } from "../validate/rules/host-command-name.js";
import { capMentions } from "./cap-mentions.js";
import type { Mention, SlashMention, UriMention } from "./mention.js";
import {
  ambiguousMessage,
  chooseOneMessage,
  deniedMessage,
  disabledMessage,
  linkInvalidMessage,
  modelOnlyMessage,
  notFoundMessage,
  notInvocableMessage,
  suggestionMessage,
  userOnlyMessage,
  usingSkillLine,
} from "./messages.js";
import { removeMentions } from "./remove-mentions.js";
import { resolveLinkTarget } from "./resolve-link-target.js";
import { scanMentions } from "./scan-mentions.js";

/** Who wrote the text: a person in the composer, a person in the command palette, or the model. */
export type MentionSource = "user" | "palette" | "model";

/** Options for `resolveMentions`. */
export interface ResolveMentionsOptions {
  /** Decides invocation control: `user`/`palette` need `invocation.user`, `model` needs `invocation.model`. */
  source: MentionSource;
  /** Mention settings; missing keys take the defaults (`composition: false`, `/skill list`, …). */
  config?: Partial<MentionsConfig>;
  /** Base for relative link targets in `[$name](path)`; without it, only absolute targets resolve. */
  cwd?: string;
  /** Permission policy (SPEC §11): a denied skill is refused on every path. */
  isDenied?(skill: Skill): boolean;
  /** Why a denied skill is denied (its rule and the file it is written in), for the refusal. */
  denialReason?(skill: Skill): string | undefined;
}

/** One skill a turn activates, with the mention that asked for it. */
export interface Activation {
  skill: Skill;
  mention: Mention;
  /** For `/name args`: the rest of the message after the command token (absent when empty). */
  args?: string;
  /**
   * Every mention of this skill that `task` has taken out, in order (`mention` first): what to take out
   * of the text again when only some activations go ahead (`removeMentions(text, kept)`).
   */
  mentions?: Mention[];
}

/**
 * A `skill://` reference: recorded for the host (e.g. to read the file), never an activation. Read by
 * the one `skill://` parser (`parseSkillUri`), so it means what `skill_read` would read.
 */
export interface SkillReference {
  mention: UriMention;
  /** The skill's id as written after `skill://` (percent-encoded as written). */
  id: string;
  /** The skill's name, decoded: a name, a qualified name or an exact name (`name@scope…`). */
  name: string;
  /** The file inside the skill, when the URI names one (as written, not decoded). */
  relativePath?: string;
  /** The path inside the skill folder, decoded and checked (none: its SKILL.md), as `readSkillFile` takes it. */
  segments: string[];
  /** The skill it names, when exactly one enabled, permitted skill has that name (`lookupName`). */
  skill?: Skill;
}

/**
 * A diagnostic about a mention. `path` is the SKILL.md of the skill the finding is about, or empty when
 * it is about no single skill (not found, ambiguous, choose one). `mention` is the first mention the
 * finding is about; absent for a finding about several (choose one).
 */
export interface MentionDiagnostic extends Diagnostic {
  mention?: Mention;
}

/** What a message asks for. */
export interface MentionResolution {
  source: MentionSource;
  /** Every mention found, in order (including ignored ones such as host commands). */
  mentions: Mention[];
  /** Skills to activate this turn, one per skill, in mention order. */
  activations: Activation[];
  /** What to tell the person; codes are stable (`mention-not-found`, `mention-ambiguous`, …). */
  diagnostics: MentionDiagnostic[];
  /** `Using skill: <qualified name>`, one line per activation. */
  visibleLines: string[];
  /** The message with activated mentions removed; the message unchanged when nothing activated. */
  task: string;
  references: SkillReference[];
}

/**
 * Distinct unknown ids reported per call. Past this, unknown ids pass silently: a message with dozens of
 * unknown `$words` is pasted code or a template, where one line per word would only be noise.
 */
const MAX_UNKNOWN_IDS = 32;
/** Candidates named in an ambiguity message before "and N more". */
const MAX_LISTED_CANDIDATES = 8;

type Outcome =
  | { kind: "lead"; entry: RegistryEntry }
  | { kind: "suggested"; entry: RegistryEntry; diagnostic: MentionDiagnostic }
  | { kind: "refused"; diagnostic: MentionDiagnostic }
  | { kind: "ignored" };

interface Context {
  entries: readonly RegistryEntry[];
  lookup: SkillLookup;
  source: MentionSource;
  config: MentionsConfig;
  cwd: string | undefined;
  isDenied: (skill: Skill) => boolean;
  denialReason: ((skill: Skill) => string | undefined) | undefined;
  hostCommands: ReadonlySet<string>;
  connectorSlugs: ReadonlySet<string>;
  suggestions: Map<string, RegistryEntry[]>;
}

/** Host-owned slash commands: the configured ones plus the first word of the hint commands (`/skill`). */
function hostCommandSet(config: MentionsConfig): Set<string> {
  const names = new Set(config.hostCommands.map((command) => command.replace(/^\//, "")));
  for (const hint of [config.listCommand, config.enableCommand]) {
    const first = hint.trim().split(/\s+/)[0] ?? "";
    if (first.startsWith("/") && first.length > 1) names.add(first.slice(1));
  }
  return names;
}

function invocable(skill: Skill, source: MentionSource): boolean {
  return source === "model" ? skill.invocation.model : skill.invocation.user;
}

/** How a skill is shown in lists: its qualified name, or its path when another listed skill shares it. */
function labels(entries: readonly RegistryEntry[]): string[] {
  const counts = new Map<string, number>();
  for (const { skill } of entries)
    counts.set(skill.qualifiedName, (counts.get(skill.qualifiedName) ?? 0) + 1);
  return entries.map(({ skill }) =>
    (counts.get(skill.qualifiedName) ?? 0) > 1 ? skill.path : skill.qualifiedName,
  );
}

/** An id that names exactly one of `entries`: a namespaced one first (the `$ns:name` handle), else a link. */
function disambiguation(entries: readonly RegistryEntry[], lookup: SkillLookup): string {
  const unique = (entry: RegistryEntry) => countQualified(lookup, entry.skill.qualifiedName) === 1;
  const pick =
    entries.find((entry) => entry.skill.namespace && unique(entry)) ?? entries.find((entry) => unique(entry));
  if (pick) return `$${pick.skill.qualifiedName}`;
  const first = entries[0];
  return first ? `[$${first.skill.name}](${first.skill.path})` : "";
}

function ambiguous(
  mention: Mention,
  written: string,
  entries: readonly RegistryEntry[],
  context: Context,
): MentionDiagnostic {
  const listed = entries.slice(0, MAX_LISTED_CANDIDATES);
  const message = ambiguousMessage(
    written,
    entries.length,
    labels(listed),
    disambiguation(entries, context.lookup),
  );
  return { ...diagnostic("warning", "mention-ambiguous", message, ""), mention };
}

function refuse(mention: Mention, code: DiagnosticCode, message: string, skill?: Skill): Outcome {
  return {
    kind: "refused",
    diagnostic: { ...diagnostic("warning", code, message, skill?.path ?? ""), mention },
  };
}

/** Denied, disabled and invocation checks for a skill a mention named exactly. */
function check(mention: Mention, entry: RegistryEntry, context: Context): Outcome {
  const { skill } = entry;
  const name = skill.qualifiedName;
  if (context.isDenied(skill)) {
    return refuse(mention, "mention-denied", deniedMessage(name, context.denialReason?.(skill)), skill);
  }
  if (!entry.enabled) {
    const argument = entry.status === "effective" ? name : skill.path;
    return refuse(
      mention,
      "mention-disabled",
      disabledMessage(name, context.config.enableCommand, argument),
      skill,
    );
  }
  if (!invocable(skill, context.source)) {
    const message = !(skill.invocation.user || skill.invocation.model)
      ? notInvocableMessage(name)
      : context.source === "model"
        ? userOnlyMessage(name)
        : modelOnlyMessage(name);
    return refuse(mention, "mention-not-invocable", message, skill);
  }
  return { kind: "lead", entry };
}

/** Near names a person could use: enabled, permitted, invocable by this source; cached per id. */
function nearNames(id: string, context: Context): RegistryEntry[] {
  const known = context.suggestions.get(id);
  if (known) return known;
  const near = findNearNames(context.lookup, id).filter(
    (entry) => entry.enabled && invocable(entry.skill, context.source) && !context.isDenied(entry.skill),
  );
  context.suggestions.set(id, near);
  return near;
}

/** The outcome of a name that matched no skill exactly. */
function notFound(mention: Mention, id: string, sigil: string, context: Context): Outcome {
  if (context.suggestions.size >= MAX_UNKNOWN_IDS && !context.suggestions.has(id)) return { kind: "ignored" };
  // `/skills`, `/compact`, … are the agents' own commands, not mistyped skills: no "did you mean".
  const slashName = mention.kind === "slash" && mention.form === "name";
  if (slashName && BUILT_IN_HOST_COMMANDS.includes(id.toLowerCase())) return { kind: "ignored" };
  const near = nearNames(id, context);
  const [only] = near;
  if (near.length === 1 && only) {
    const message = suggestionMessage(id, `${sigil}${only.skill.qualifiedName}`);
    const found = { ...diagnostic("warning", "mention-suggestion", message, only.skill.path), mention };
    return { kind: "suggested", entry: only, diagnostic: found };
  }
  if (near.length > 1) {
    return { kind: "refused", diagnostic: ambiguous(mention, `${sigil}${id}`, near, context) };
  }
  // An unknown `/word` may be a host command the host did not declare: pass it on silently.
  if (slashName) return { kind: "ignored" };
  return refuse(mention, "mention-not-found", notFoundMessage(id, context.config.listCommand));
}

function byId(mention: Mention, id: string, sigil: string, match: SkillMatch, context: Context): Outcome {
  if (match.kind === "found") return check(mention, match.entry, context);
  if (match.kind === "ambiguous") {
    return { kind: "refused", diagnostic: ambiguous(mention, `${sigil}${id}`, match.entries, context) };
  }
  return notFound(mention, id, sigil, context);
}

function resolveOne(mention: Exclude<Mention, UriMention>, context: Context): Outcome {
  if (mention.kind === "linked") {
    const target = resolveLinkTarget(mention.target, context.cwd);
    if (target.kind === "name") {
      return byId(mention, target.id, "$", lookupName(context.entries, target.id), context);
    }
    const entry = target.kind === "path" ? findByPath(context.lookup, target.path) : undefined;
    if (entry) return check(mention, entry, context);
    const reason = target.kind === "invalid" ? target.reason : undefined;
    return refuse(mention, "mention-link-invalid", reason ?? linkInvalidMessage(mention.target, mention.id));
  }
  if (mention.kind === "slash") {
    if (mention.form === "name" && context.hostCommands.has(mention.id)) return { kind: "ignored" };
    const sigil = mention.form === "skill" ? "/skill:" : "/";
    return byId(mention, mention.id, sigil, findById(context.lookup, mention.id), context);
  }
  // A host connector/app slug is the host's: not resolved by bare name, and no diagnostic.
  if (!mention.id.includes(":") && context.connectorSlugs.has(mention.id.toLowerCase())) {
    return { kind: "ignored" };
  }
  return byId(mention, mention.id, "$", findById(context.lookup, mention.id), context);
}

function reference(mention: UriMention, context: Context): SkillReference | MentionDiagnostic {
  const parsed = parseSkillUri(mention.raw);
  if (!parsed.ok) {
    return { ...diagnostic("warning", "skill-uri-refused", parsed.error.message, ""), mention };
  }
  const { name, segments } = parsed.uri;
  const result: SkillReference = { mention, id: mention.id, name, segments };
  if (mention.relativePath !== undefined) result.relativePath = mention.relativePath;
  const match = lookupName(context.entries, name);
  if (match.kind === "found" && match.entry.enabled && !context.isDenied(match.entry.skill)) {
    result.skill = match.entry.skill;
  }
  return result;
}

/**
 * Resolves every mention in `text` against `entries` (a registry snapshot; see `RegistryEntry`).
 *
 * Per mention: linked path → exact name → namespaced exact → policy, enabled and invocation checks →
 * near-name suggestion. A suggestion never activates. Several skills asked for at once activate only
 * with `config.composition`; otherwise the person is asked to choose one and nothing activates. When
 * nothing activates the task is the text unchanged. `skill://` references are recorded, not activated.
 * `/name` yields to host commands (`config.hostCommands`, plus `/skill` from the default hints), and an
 * unknown `/name` passes silently (it may be a command the host owns). Identical diagnostics are
 * reported once, and at most 32 distinct unknown ids are reported (pasted code is full of `$words`).
 * Lookup tables are cached per `entries` array, so pass the registry's snapshot as it is.
 * @example
 * const turn = resolveMentions("$pdf fill the form", registry.entries(), { source: "user" });
 * turn.activations.map((a) => a.skill.name); // ["pdf"]; turn.task === "fill the form"
 */
export function resolveMentions(
  text: string,
  entries: readonly RegistryEntry[],
  options: ResolveMentionsOptions,
): MentionResolution {
  const config: MentionsConfig = { ...defaultConfig.mentions, ...options.config };
  const context: Context = {
    entries,
    lookup: lookupFor(entries),
    source: options.source,
    config,
    cwd: options.cwd,
    isDenied: options.isDenied ?? (() => false),
    denialReason: options.denialReason,
    hostCommands: hostCommandSet(config),
    connectorSlugs: new Set(config.connectorSlugs.map((slug) => slug.toLowerCase())),
    suggestions: new Map(),
  };
  const diagnostics: MentionDiagnostic[] = [];
  // A dot is in an id only when the dotted id names something here (`$a.b:fmt`, `$gh.fix`).
  const dottedId = (id: string) => isKnownId(context.lookup, id);
  const mentions = capMentions(scanMentions(text, { dottedId }), config.maxPerMessage, diagnostics);
  const seen = new Set<string>();
  const report = (found: MentionDiagnostic) => {
    const key = `${found.code}\u0000${found.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    diagnostics.push(found);
  };
  const references: SkillReference[] = [];
  // Skills asked for (exactly or by a lone suggestion), by skill id, in mention order.
  const asked = new Map<string, { entry: RegistryEntry; exact: Mention[]; suggested?: MentionDiagnostic }>();
  // A repeated `$id` or link target means the same thing again: resolved and reported once.
  const known = new Map<string, Outcome>();
  for (const mention of mentions) {
    if (mention.kind === "uri") {
      const found = reference(mention, context);
      if ("code" in found) report(found);
      else references.push(found);
      continue;
    }
    const key =
      mention.kind === "dollar"
        ? `$${mention.id}`
        : mention.kind === "linked"
          ? `(${mention.target}`
          : undefined;
    const remembered = key === undefined ? undefined : known.get(key);
    const outcome = remembered ?? resolveOne(mention, context);
    if (key !== undefined && !remembered) known.set(key, outcome);
    if (outcome.kind === "refused" && !remembered) report(outcome.diagnostic);
    if (outcome.kind !== "lead" && outcome.kind !== "suggested") continue;
    const id = outcome.entry.skill.id;
    const slot = asked.get(id) ?? { entry: outcome.entry, exact: [] };
    asked.set(id, slot);
    if (outcome.kind === "lead") slot.exact.push(mention);
    else slot.suggested ??= outcome.diagnostic;
  }
  const activations: Activation[] = [];
  const removed: Mention[] = [];
  if (asked.size > 1 && !config.composition) {
    const ids = [...asked.values()].map(({ entry }) => `$${entry.skill.qualifiedName}`);
    report(diagnostic("warning", "mention-choose-one", chooseOneMessage(ids), ""));
  } else {
    for (const { entry, exact, suggested } of asked.values()) {
      const [first] = exact;
      if (!first) {
        if (suggested) report(suggested);
        continue;
      }
      const activation: Activation = { skill: entry.skill, mention: first, mentions: exact };
      const slash = exact.find((mention): mention is SlashMention => mention.kind === "slash");
      if (slash && slash.args !== "") activation.args = slash.args;
      activations.push(activation);
      // One at a time: a spread of a huge list overflows the stack (SPEC §10: never throw on input).
      for (const mention of exact) removed.push(mention);
    }
    activations.sort((a, b) => a.mention.start - b.mention.start);
  }
  return {
    source: options.source,
    mentions,
    activations,
    diagnostics,
    visibleLines: activations.map(({ skill }) => usingSkillLine(skill.qualifiedName)),
    task: activations.length > 0 ? removeMentions(text, removed) : text,
    references,
  };
}
