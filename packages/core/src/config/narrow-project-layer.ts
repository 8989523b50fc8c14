/**
 * @module The one rule for a project's `.skillset/config.json` (SPEC §6, §11, §15): it arrives with a
 * `git clone`, so it may only **narrow** what the person allows — add denies and ignored skills, switch
 * things off, lower limits — never widen: trust, shell preprocessing, allow rules, turning the import of
 * the agents' own settings off, following external links, raising limits. Every config key is classified
 * here once; a key with no class (say, one added to the schema later) counts as widening. Widening
 * settings are ignored unless the person trusts the project (`skillset trust`, see `project-trust.ts`).
 */
import { sep } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import type { ConfigLayer, SkillsetConfig } from "./config-schema.js";

/** How a project may change one key. */
type KeyClass =
  /** Applies as written: it changes how skills are shown or found, not what may run or be read. */
  | { kind: "free" }
  /** A switch a project may turn off, never on (over the person's off). */
  | { kind: "off-only"; widens: string }
  /** A switch a project may turn on, never off (over the person's on). */
  | { kind: "on-only"; widens: string }
  /** A number a project may lower, never raise. */
  | { kind: "lower-only" }
  /** A list a project may add to; the person's entries stay. */
  | { kind: "add-only" }
  /** A list a project may shorten, never extend beyond the person's. */
  | { kind: "subset"; widens: string }
  /** Permission rules: `deny` and `ask` apply (added to the person's), `allow` widens. */
  | { kind: "rules" }
  /** Folders: those inside the project apply; one outside it widens what is read. */
  | { kind: "inside-project" }
  /** A filter a project may set only when the person has none. */
  | { kind: "person-first" }
  /** Per-provider switches: a project may switch one off, never back on. */
  | { kind: "switches-off" }
  /** One of `values`, narrowest first: a project may pick a narrower one. */
  | { kind: "narrower-of"; values: readonly string[] }
  /** The person's alone: a project's value applies only when it is the person's own. */
  | { kind: "person-only"; widens: string }
  /** The scope order: a project may move `repo` (its own skills) later, nothing else. */
  | { kind: "repo-later" };

const free: KeyClass = { kind: "free" };
const lower: KeyClass = { kind: "lower-only" };
const addOnly: KeyClass = { kind: "add-only" };

/** Every config key a project file may hold, by dotted path. Anything else in a project file widens. */
const KEY_CLASSES: Readonly<Record<string, KeyClass>> = {
  "discovery.providers": { kind: "switches-off" },
  "discovery.disabledSources": addOnly,
  "discovery.scopeOrder": { kind: "repo-later" },
  // Markers decide which folder is the project: its config, state and trust then apply. A clone's own
  // file must not name a folder above it (a workspace the person trusts, or their home).
  "discovery.projectMarkers": {
    kind: "person-only",
    widens: "moves the project root to the folder other markers find, whose settings and trust then apply",
  },
  "discovery.customDirs": { kind: "inside-project" },
  "discovery.pluginDirs": { kind: "inside-project" },
  "discovery.include": { kind: "person-first" },
  "discovery.ignore": addOnly,
  "discovery.limits.maxDepth": lower,
  "discovery.limits.maxDirectories": lower,
  "discovery.limits.maxEntries": lower,
  "discovery.followSymlinks": { kind: "off-only", widens: "follows links you switched off" },
  "discovery.followExternalLinks": {
    kind: "off-only",
    widens: "follows links out of the project to files anywhere on this computer",
  },
  "catalog.format": free,
  "catalog.budgetTokens": free,
  "catalog.contextWindow": free,
  "catalog.budgetPercent": free,
  "catalog.defaultBudgetTokens": free,
  "catalog.descriptionCap": free,
  "mentions.composition": free,
  "mentions.hostCommands": addOnly,
  "mentions.connectorSlugs": addOnly,
  "mentions.listCommand": free,
  "mentions.enableCommand": free,
  "mentions.maxPerMessage": lower,
  "search.defaultLimit": lower,
  "search.maxLimit": lower,
  "policy.permissions": { kind: "rules" },
  "policy.importAgentSettings": {
    kind: "on-only",
    widens: "drops the skills you switched off in Codex, Claude Code and OpenCode",
  },
  "policy.trustedScopes": { kind: "subset", widens: "trusts scopes you do not trust" },
  "policy.toolNarrowing": { kind: "narrower-of", values: ["restrict", "approve"] },
  "policy.shellPreprocessing": {
    kind: "off-only",
    widens: "runs the !`command` lines in skill bodies on this computer",
  },
  "policy.shellTimeoutMs": lower,
  "policy.shellMaxOutputBytes": lower,
  "policy.hostTimeoutMs": lower,
};

/** A project setting that was not applied, and why. */
export interface IgnoredSetting {
  /** Dotted key path, e.g. `policy.shellPreprocessing`. */
  key: string;
  /** What it would have done, e.g. `trusts scopes you do not trust (repo)`. */
  widens: string;
}

/** The project layer as it may apply, and what was taken out of it. */
export interface NarrowedLayer {
  layer: ConfigLayer;
  ignored: IgnoredSetting[];
}

/** What narrowing compares against: the person's own configuration (defaults and user file). */
export interface NarrowContext {
  /** The project root, to tell folders inside it from folders outside. */
  projectRoot: string;
  fs: FileSystem;
}

/**
 * Narrows a project's config layer against `person` (the configuration from the defaults and the person's
 * own file): every setting that would widen what the person allows is taken out and reported; lists a
 * project may only add to come back as the person's entries plus the project's. The layer must already
 * have absolute paths (`resolveConfigPaths`). Neither argument is modified.
 * @example narrowProjectLayer(defaultConfig, { policy: { shellPreprocessing: true } }, context)
 * // { layer: { policy: {} }, ignored: [{ key: "policy.shellPreprocessing", widens: "runs the …" }] }
 */
export async function narrowProjectLayer(
  person: SkillsetConfig,
  project: ConfigLayer,
  context: NarrowContext,
): Promise<NarrowedLayer> {
  const ignored: IgnoredSetting[] = [];
  const { $schema: _schema, ...settings } = project as Record<string, unknown>;
  const layer = await narrowObject(
    settings,
    person as unknown as Record<string, unknown>,
    "",
    ignored,
    context,
  );
  return { layer: layer as ConfigLayer, ignored };
}

async function narrowObject(
  value: Record<string, unknown>,
  person: Record<string, unknown> | undefined,
  prefix: string,
  ignored: IgnoredSetting[],
  context: NarrowContext,
): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = {};
  for (const [key, setting] of Object.entries(value)) {
    if (setting === undefined) continue;
    const path = prefix === "" ? key : `${prefix}.${key}`;
    const personValue = person?.[key];
    const keyClass = KEY_CLASSES[path];
    if (keyClass !== undefined) {
      const narrowed = await narrowSetting(keyClass, setting, personValue, context);
      if (narrowed.widens !== undefined) ignored.push({ key: path, widens: narrowed.widens });
      if (narrowed.keep) result[key] = narrowed.value;
    } else if (
      isPlainObject(setting) &&
      Object.keys(KEY_CLASSES).some((known) => known.startsWith(`${path}.`))
    ) {
      result[key] = await narrowObject(
        setting,
        isPlainObject(personValue) ? personValue : undefined,
        path,
        ignored,
        context,
      );
    } else {
      ignored.push({ key: path, widens: "is not a setting a project may change" });
    }
  }
  return result;
}

interface Narrowed {
  /** False: the key is left out of the layer (the person's value stays). */
  keep: boolean;
  value?: unknown;
  /** Set when (part of) the setting was ignored: what it would have done. */
  widens?: string;
}

async function narrowSetting(
  keyClass: KeyClass,
  value: unknown,
  person: unknown,
  context: NarrowContext,
): Promise<Narrowed> {
  switch (keyClass.kind) {
    case "free":
      return { keep: true, value };
    case "off-only":
      return value === true && person !== true
        ? { keep: false, widens: keyClass.widens }
        : { keep: true, value };
    case "on-only":
      return value === false && person !== false
        ? { keep: false, widens: keyClass.widens }
        : { keep: true, value };
    case "lower-only":
      return typeof value === "number" && typeof person === "number" && value > person
        ? { keep: false, widens: `raises your limit (${person}) to ${value}` }
        : { keep: true, value };
    case "add-only": {
      const mine = asList(person);
      return { keep: true, value: [...mine, ...asList(value).filter((entry) => !contains(mine, entry))] };
    }
    case "subset": {
      const mine = asList(person);
      const extra = asList(value).filter((entry) => !contains(mine, entry));
      const kept = asList(value).filter((entry) => contains(mine, entry));
      return extra.length === 0
        ? { keep: true, value }
        : { keep: true, value: kept, widens: `${keyClass.widens} (${extra.map(String).join(", ")})` };
    }
    case "rules": {
      const rules = asList(value);
      const allows = rules.filter((rule) => isPlainObject(rule) && rule.action === "allow");
      const kept = rules.filter((rule) => !allows.includes(rule));
      return allows.length === 0
        ? { keep: true, value }
        : {
            keep: true,
            value: kept,
            widens: `adds allow rules (${allows.map((rule) => JSON.stringify((rule as { skill?: unknown }).skill)).join(", ")}), which override your ask rules`,
          };
    }
    case "inside-project": {
      const root = await realPath(context.projectRoot, context);
      const inside: string[] = [];
      const outside: string[] = [];
      for (const folder of asList(value) as string[]) {
        // A folder that exists is judged by where it really is (a link inside the project may lead out).
        const real = await realPath(folder, context);
        const within =
          real === undefined
            ? isInside(folder, context.projectRoot)
            : isInside(real, root ?? context.projectRoot);
        (within ? inside : outside).push(folder);
      }
      return outside.length === 0
        ? { keep: true, value }
        : { keep: true, value: inside, widens: `reads folders outside the project (${outside.join(", ")})` };
    }
    case "person-only":
      return JSON.stringify(value) === JSON.stringify(person)
        ? { keep: true, value }
        : { keep: false, widens: keyClass.widens };
    case "repo-later": {
      const mine = asList(person);
      const theirs = asList(value);
      const others = (order: unknown[]) => order.filter((scope) => scope !== "repo");
      const sameOthers = JSON.stringify(others(mine)) === JSON.stringify(others(theirs));
      return sameOthers && theirs.indexOf("repo") >= mine.indexOf("repo")
        ? { keep: true, value }
        : {
            keep: false,
            widens: `reorders the scopes you rank (${mine.join(", ")}); a project may only move repo later`,
          };
    }
    case "person-first":
      return asList(person).length > 0 && JSON.stringify(value) !== JSON.stringify(person)
        ? { keep: false, widens: "replaces your own include list" }
        : { keep: true, value };
    case "switches-off": {
      const mine = isPlainObject(person) ? person : {};
      const kept: Record<string, unknown> = {};
      const widened: string[] = [];
      for (const [id, on] of Object.entries(isPlainObject(value) ? value : {})) {
        if (on === true && mine[id] === false) widened.push(id);
        else kept[id] = on;
      }
      return widened.length === 0
        ? { keep: true, value }
        : {
            keep: true,
            value: kept,
            widens: `switches on providers you switched off (${widened.join(", ")})`,
          };
    }
    case "narrower-of": {
      const rank = (entry: unknown) => keyClass.values.indexOf(entry as string);
      return typeof person === "string" && rank(value) > rank(person)
        ? { keep: false, widens: `changes your ${JSON.stringify(person)} to ${JSON.stringify(value)}` }
        : { keep: true, value };
    }
  }
}

async function realPath(path: string, context: NarrowContext): Promise<string | undefined> {
  try {
    return await context.fs.realpath(path);
  } catch {
    return undefined;
  }
}

function isInside(path: string, root: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}

function asList(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function contains(list: readonly unknown[], entry: unknown): boolean {
  const text = JSON.stringify(entry);
  return list.some((item) => JSON.stringify(item) === text);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
