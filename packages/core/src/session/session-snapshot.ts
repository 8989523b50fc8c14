/**
 * @module What a session holds, out and back in (SPEC §12): `snapshot()` (what a host stores to resume),
 * `restore()` (back from it, on a new session) and `inspect()` (the catalog and loaded skills, for a
 * person or a test).
 */
import { createReloadTracker } from "../loader/reload-tracker.js";
import { SkillsetError } from "../model/errors.js";
import { createHookRegistry, skillHooks } from "../policy/skill-hooks.js";
import { isOutranked } from "../registry/outranked.js";
import { currentPolicy, type SessionState, sessionCatalog } from "./session-state.js";
import type { SessionInspection, SessionSnapshot } from "./session-types.js";

/** `session.snapshot()`: version 1. */
export function takeSnapshot(state: SessionState): SessionSnapshot {
  return {
    version: 1,
    id: state.id,
    loads: state.tracker.list(),
    lastUsed: [...state.lastUsed],
    loaded: [...state.loaded.values()].map((record) => ({ ...record })),
    active: [...state.active.keys()],
    firedHooks: state.hooks.fired(),
    mcpAnswers: [...state.dependencies.mcpAnswers],
  };
}

/** `session.restore(snapshot)`: refuses any version but 1; skills gone from the registry stay inactive. */
export function restoreSnapshot(state: SessionState, snapshot: SessionSnapshot): void {
  if (snapshot?.version !== 1) {
    throw new SkillsetError(
      "snapshot-invalid",
      `Cannot restore a session snapshot of version ${JSON.stringify(snapshot?.version)}; this skillset reads version 1.`,
    );
  }
  const { registry, policy } = state.parts;
  const { lastUsed, loaded, active, view, dependencies } = state;
  state.id = snapshot.id;
  state.tracker = createReloadTracker(snapshot.loads);
  state.hooks = createHookRegistry(snapshot.firedHooks);
  lastUsed.clear();
  for (const [skillId, at] of snapshot.lastUsed) lastUsed.set(skillId, at);
  state.clock = Math.max(0, ...lastUsed.values());
  loaded.clear();
  for (const record of snapshot.loaded) {
    const found = registry.lookup(record.path);
    loaded.set(found.kind === "found" ? found.entry.skill.id : record.path, { ...record });
  }
  active.clear();
  for (const skillId of snapshot.active) {
    const found = view.lookup(skillId);
    if (found.kind !== "found") continue;
    // A skill denied or switched off since the snapshot was taken is not taken back in (SPEC §6, §11).
    if (!found.entry.enabled || policy.isDenied(found.entry.skill)) {
      const record = loaded.get(skillId);
      if (record) record.active = false;
      continue;
    }
    active.set(skillId, found.entry.skill);
    if (policy.isTrusted(found.entry.skill))
      state.hooks.register(skillId, skillHooks(found.entry.skill).hooks);
  }
  dependencies.mcpAnswers.clear();
  for (const [server, answer] of snapshot.mcpAnswers) dependencies.mcpAnswers.set(server, answer);
}

/** `session.inspect()`: the catalog as rendered (and what it hides), loaded skills, tool policy, hooks. */
export function inspectSession(state: SessionState): SessionInspection {
  const { view } = state;
  const { policy } = state.parts;
  const result = sessionCatalog(state);
  const names = new Map(view.entries().map((entry) => [entry.skill.id, entry.skill.qualifiedName]));
  const listed = new Set(result.listed);
  const omitted = new Set(result.omitted.map((skill) => skill.id));
  const hidden = view
    .entries()
    .filter(
      (entry) =>
        entry.enabled && !isOutranked(entry) && !listed.has(entry.skill.id) && !omitted.has(entry.skill.id),
    )
    .filter((entry) => policy.isDenied(entry.skill) || !entry.skill.invocation.model)
    .map((entry) => entry.skill.qualifiedName);
  return {
    id: state.id,
    catalog: {
      format: result.format,
      tokens: result.tokens,
      budget: result.budget,
      listed: result.listed.map((skillId) => names.get(skillId) ?? skillId),
      shortened: result.truncated.map((skill) => skill.name),
      omitted: result.omitted.map((skill) => skill.name),
      hidden,
    },
    loaded: [...state.loaded.values()].map((record) => ({ ...record })),
    toolPolicy: currentPolicy(state),
    hooks: state.hooks.active(),
  };
}
