/**
 * @module The shape of a lint rule and of what it sees. Lint goes beyond the specification (SPEC §4):
 * each rule has an id, a default severity, a one-line fix and a `check` that returns diagnostics.
 */
import type { FileSystem } from "../fs/file-system.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { Scope } from "../model/skill.js";
import { keyLineOf } from "../parser/key-line.js";
import type { RuleDescriptor } from "./rule-descriptor.js";

/** One skill as lint sees it: the raw frontmatter, the body and where things are. */
export interface LintTarget {
  /** Absolute path of SKILL.md. */
  path: string;
  /** Absolute path of the skill's folder. */
  dir: string;
  /** Frontmatter `name` when it is text, else the folder name. */
  name: string;
  /** The frontmatter mapping as parsed (keys as written). */
  raw: Readonly<Record<string, unknown>>;
  /** The body: SKILL.md after the frontmatter. */
  body: string;
  /** 1-based line of SKILL.md where the body starts. */
  bodyLine: number;
  /** 1-based line of each top-level frontmatter key. */
  keyLines: Readonly<Record<string, number>>;
  /** Scope, when the skill comes from the registry (duplicates across scopes are named with it). */
  scope?: Scope;
  /** Plugin namespace: namespaced skills only collide with the same `namespace:name`. */
  namespace?: string;
}

/** The name duplicates are counted by: `namespace:name`, or the bare name. */
export function lintKey(skill: LintTarget): string {
  return skill.namespace ? `${skill.namespace}:${skill.name}` : skill.name;
}

/** What a rule's `check` receives. */
export interface LintContext {
  skill: LintTarget;
  /** Every skill being linted, grouped by {@link lintKey}, for rules that look across skills. */
  byName: ReadonlyMap<string, readonly LintTarget[]>;
  /** Disk access (reading references, checking scripts) goes through this. */
  fs: FileSystem;
  /** Slash commands the host owns, checked on top of the built-in list (config `mentions.hostCommands`). */
  hostCommands: readonly string[];
}

/** A lint rule: a descriptor plus a check. A check never throws for bad skills; it returns findings. */
export interface LintRule extends RuleDescriptor {
  check(context: LintContext): Diagnostic[] | Promise<Diagnostic[]>;
}

/** The position of a frontmatter key as diagnostic fields (empty when unknown). */
export function keyPosition(skill: LintTarget, key: string): { line?: number; column?: number } {
  const line = keyLineOf(skill.keyLines, key);
  return line === undefined ? {} : { line, column: 1 };
}
