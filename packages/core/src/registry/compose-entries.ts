/**
 * @module Composition (SPEC §5): root states + parsed records + configuration + enablement → the entries
 * and diagnostics a registry shows. A function of its inputs: the same inputs give equal results. The
 * memo only saves work between calls (skills built from unchanged records, names whose skills did not
 * change, entries whose enablement did not change); a fresh memo gives the same answer, slower.
 */
import type { SkillsetConfig } from "../config/config-schema.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import type { Enablement } from "../state/index.js";
import type { FoundSkillFile } from "../walker/index.js";
import { buildSkill } from "./build-skill.js";
import type { CacheRecord } from "./metadata-cache.js";
import { createNameFilter } from "./name-filter.js";
import type { CopyCheck, RankedEntry } from "./rank-precedence.js";
import { RankingMemo } from "./ranking-memo.js";
import type { RegistryEntry } from "./registry-types.js";
import type { RootState } from "./root-state.js";

/** Work kept between compositions of one registry. */
export interface ComposeMemo {
  readonly ranking: RankingMemo;
  /** Skills built last time, reused while their cache record and found file are the same objects. */
  built: Map<CacheRecord, { file: FoundSkillFile; skill: Skill }>;
  /** Entries with enablement applied, per ranked entry, valid for `enablement`. */
  finished: Map<RankedEntry, RegistryEntry>;
  enablement: Enablement | undefined;
}

/** What a composition starts from. */
export interface ComposeInput {
  /** Root states in precedence order. */
  roots: readonly RootState[];
  /** Parse results by real path. */
  records: ReadonlyMap<string, CacheRecord>;
  discovery: Pick<SkillsetConfig["discovery"], "scopeOrder" | "include" | "ignore">;
  enablement: Enablement;
  /** Findings listed before the skills' (state files, metadata cache). */
  diagnostics: readonly Diagnostic[];
  /** Folder digests that tell copies of one skill from different skills (SPEC §5); none: ties stay ambiguous. */
  copies?: CopyCheck;
}

/** What a registry shows. */
export interface Composition {
  entries: RegistryEntry[];
  byId: Map<string, RegistryEntry>;
  /** Paths of files (and their folders) reached a second time through another root, to their real path. */
  aliases: Map<string, string>;
  diagnostics: Diagnostic[];
}

/** Shared and never written to: most skills have no findings beyond their own. */
const noDiagnostics: readonly Diagnostic[] = [];

export function createComposeMemo(): ComposeMemo {
  return { ranking: new RankingMemo(), built: new Map(), finished: new Map(), enablement: undefined };
}

/** Composes entries and diagnostics; see the module comment for what `memo` does. */
export function composeEntries(input: ComposeInput, memo: ComposeMemo = createComposeMemo()): Composition {
  const { discovery, enablement } = input;
  const filter = createNameFilter(discovery.include, discovery.ignore);
  const found: Diagnostic[] = [];
  const skills: Skill[] = [];
  const winners = new Map<string, FoundSkillFile>();
  const aliases = new Map<string, string>();
  // Rebuilt on every compose, so they keep only what is current (a WeakMap cost more per skill).
  const built = new Map<CacheRecord, { file: FoundSkillFile; skill: Skill }>();
  for (const state of input.roots) {
    found.push(...state.diagnostics);
    const byPath = new Map<string, Diagnostic[]>();
    for (const walked of state.diagnostics) {
      const list = byPath.get(walked.path);
      if (list) list.push(walked);
      else byPath.set(walked.path, [walked]);
    }
    for (const file of state.files.values()) {
      const winner = winners.get(file.realPath);
      if (winner) {
        aliases.set(file.path, file.realPath);
        aliases.set(file.dir, file.realPath);
        found.push(
          diagnostic(
            "info",
            "duplicate-path",
            `${file.path} is the same file as ${winner.path} (real path ${file.realPath}); it is loaded once, from the ${winner.root.scope} root ${winner.root.path}. Remove one of the links if this is not intended.`,
            file.path,
          ),
        );
        continue;
      }
      winners.set(file.realPath, file);
      const record = input.records.get(file.realPath);
      const parsed = record?.result.skill;
      if (!record || !parsed) {
        const failed = record?.result.diagnostics ?? [];
        found.push(...failed);
        if (!failed.some((item) => item.severity === "error")) {
          found.push(
            diagnostic(
              "error",
              "not-loaded",
              `${file.path} was found but could not be loaded; run \`skillset validate ${file.path}\` to see why.`,
              file.path,
            ),
          );
        }
        continue;
      }
      const walked = byPath.get(file.path);
      let skill: Skill;
      const earlier = walked === undefined ? memo.built.get(record) : undefined;
      if (earlier && earlier.file === file) {
        skill = earlier.skill;
        built.set(record, earlier);
      } else {
        const extra =
          record.result.diagnostics === parsed.diagnostics ? noDiagnostics : record.result.diagnostics;
        skill = buildSkill(file, parsed, walked ? [...walked, ...extra] : extra);
        if (walked === undefined) built.set(record, { file, skill });
      }
      const filtered = filter(skill);
      if (filtered) found.push(filtered);
      else skills.push(skill);
    }
  }
  memo.built = built;
  const ranking = memo.ranking.rank(skills, discovery.scopeOrder, input.copies);
  const earlier = memo.enablement === enablement ? memo.finished : undefined;
  const finished = new Map<RankedEntry, RegistryEntry>();
  const byId = new Map<string, RegistryEntry>();
  const entries = ranking.entries.map((ranked) => {
    const entry = earlier?.get(ranked) ?? finish(ranked, enablement);
    finished.set(ranked, entry);
    byId.set(entry.skill.id, entry);
    return entry;
  });
  memo.finished = finished;
  memo.enablement = enablement;
  return {
    entries,
    byId,
    aliases,
    diagnostics: [...input.diagnostics, ...found, ...ranking.diagnostics],
  };
}

/**
 * The entry of a ranked skill, with enablement applied. Built field by field (spreading the differently
 * shaped ranked entries is slow), in the key order of `{ ...ranked, enabled }`.
 */
function finish(ranked: RankedEntry, enablement: Enablement): RegistryEntry {
  const entry = { skill: ranked.skill, status: ranked.status } as RegistryEntry;
  if (ranked.shadowedBy !== undefined) entry.shadowedBy = ranked.shadowedBy;
  if (ranked.ambiguousWith !== undefined) entry.ambiguousWith = ranked.ambiguousWith;
  if (ranked.differsIn !== undefined) entry.differsIn = ranked.differsIn;
  if (ranked.duplicateOf !== undefined) entry.duplicateOf = ranked.duplicateOf;
  if (ranked.alsoIn !== undefined) entry.alsoIn = ranked.alsoIn;
  // Without a disabled key no skill is disabled: skip the per-skill key checks of a start-up.
  entry.enabled = enablement.disabledKeys.length === 0 || enablement.isEnabled(ranked.skill);
  return entry;
}
