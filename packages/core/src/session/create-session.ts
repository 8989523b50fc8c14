/**
 * @module One agent conversation (SPEC §12): the catalog, the turn pipeline, the tools with the policy
 * plugged in, tool narrowing, hooks, dependencies, compaction and snapshots. The one orchestrator of the
 * session stage; every rule it applies lives in the stages before it.
 */
import { randomUUID } from "node:crypto";
import { fillPrompt } from "../catalog/read-prompt.js";
import { type CatalogResult, renderCatalog } from "../catalog/render-catalog.js";
import type { SkillsetConfig } from "../config/config-schema.js";
import { type LoadedSkill, loadSkill } from "../loader/load-skill.js";
import { createReloadTracker } from "../loader/reload-tracker.js";
import { usingSkillLine } from "../mentions/messages.js";
import { removeMentions } from "../mentions/remove-mentions.js";
import { type MentionSource, resolveMentions } from "../mentions/resolve-mentions.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import type { Skill } from "../model/skill.js";
import { callHost, describeHostFailure } from "../policy/call-host.js";
import { denialReason } from "../policy/denial-reason.js";
import type { PermissionTool } from "../policy/permissions.js";
import type { Policy } from "../policy/policy.js";
import { createShellPreprocessor } from "../policy/shell-preprocessor.js";
import { createHookRegistry, skillHooks } from "../policy/skill-hooks.js";
import { checkToolCall, filterTools, skillToolPatterns, toolPolicyFor } from "../policy/tool-policy.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import { isOutranked } from "../registry/outranked.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import { createSkillTools } from "../tools/create-skill-tools.js";
import type { SkillTool } from "../tools/define-skill-tool.js";
import type { ForkRequest, SkillToolsContext } from "../tools/tools-context.js";
import { admitRemote } from "./admit-remote.js";
import { catalogWithoutSearch } from "./catalog-without-search.js";
import { forkUnsupported } from "./fork-unsupported.js";
import { policyRegistryView } from "./policy-registry-view.js";
import { type DependencyState, resolveDependencies } from "./resolve-dependencies.js";
import type {
  LoadedRecord,
  PreparedTurn,
  SessionEvent,
  SessionHost,
  SessionMessage,
  SessionOptions,
  SessionSnapshot,
  SkillSession,
  TurnActivation,
  TurnFork,
} from "./session-types.js";

/** What a session is built on (see `createSkillset`). */
export interface SessionParts {
  registry: SkillRegistry;
  policy: Policy;
  config: SkillsetConfig;
  env: Record<string, string | undefined>;
}

type Check = { ok: true; diagnostics: Diagnostic[] } | { ok: false; diagnostics: Diagnostic[] };

/** Builds a session; use `skills.session(options)`. */
export function createSession(parts: SessionParts, options: SessionOptions = {}): SkillSession {
  const { registry, policy, config } = parts;
  const host: SessionHost = options.host ?? {};
  const timeoutMs = config.policy.hostTimeoutMs;
  const view = policyRegistryView(registry, policy);
  const format = options.format ?? config.catalog.format;
  const narrowing = host.narrowing ?? config.policy.toolNarrowing;
  const mentions = { ...config.mentions, ...host.mentions };
  const enableCommand = mentions.enableCommand;
  let id = options.id ?? randomUUID();
  let tracker = createReloadTracker();
  let hooks = createHookRegistry();
  let clock = 0;
  const lastUsed = new Map<string, number>();
  const active = new Map<string, Skill>();
  /** The `allowed-tools` the person granted each admitted remote skill (SPEC §16). */
  const remoteGrants = new Map<string, readonly string[]>();
  const loaded = new Map<string, LoadedRecord>();
  const listeners = new Set<(event: SessionEvent) => void>();
  const dependencies: DependencyState = { env: parts.env, sessionEnv: new Map(), mcpAnswers: new Map() };
  let closed = false;

  const preprocess = createShellPreprocessor({
    enabled: host.shellPreprocessing ?? config.policy.shellPreprocessing,
    trustedScopes: config.policy.trustedScopes,
    timeoutMs: config.policy.shellTimeoutMs,
    maxOutputBytes: config.policy.shellMaxOutputBytes,
    get env() {
      return Object.fromEntries(dependencies.sessionEnv);
    },
  });

  function ensureOpen(): void {
    if (closed) {
      throw new SkillsetError(
        "session-closed",
        `Session ${id} was closed; start a new one with skills.session().`,
      );
    }
  }

  function emit(event: SessionEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure is the host's; the session carries on.
      }
    }
  }

  /** Permission (asking the host when a rule says so), then dependencies. */
  async function admit(skill: Skill, tool: PermissionTool | undefined): Promise<Check> {
    const permission = await policy.authorize(skill, tool, host.confirm);
    if (!permission.allowed)
      return { ok: false, diagnostics: permission.diagnostic ? [permission.diagnostic] : [] };
    if (skill.origin) {
      const admitted = await admitRemote(skill, host.confirm, timeoutMs);
      if (!admitted.ok) return admitted;
      remoteGrants.set(skill.id, admitted.allowedTools);
    }
    return resolveDependencies(skill, host, dependencies, timeoutMs);
  }

  function activate(given: Skill, via: LoadedRecord["via"], mtimeMs: number): Diagnostic[] {
    const found: Diagnostic[] = [];
    const skill = withGrantedTools(given, found);
    active.set(skill.id, skill);
    lastUsed.set(skill.id, ++clock);
    const version = skill.frontmatter.version ?? skill.frontmatter.metadata?.version;
    loaded.set(skill.id, {
      name: skill.qualifiedName,
      path: skill.path,
      ...(version === undefined ? {} : { version }),
      mtimeMs,
      via,
      active: true,
    });
    const declared = skillHooks(skill);
    found.push(...skillToolPatterns(skill).diagnostics, ...declared.diagnostics);
    if (declared.hooks.length > 0) {
      if (policy.isTrusted(skill)) hooks.register(skill.id, declared.hooks);
      else {
        found.push(
          diagnostic(
            "info",
            "hooks-untrusted",
            `Skill '${skill.qualifiedName}' declares hooks, but its scope (${skill.scope}) is not trusted; they were not registered.`,
            skill.path,
            { field: "hooks" },
          ),
        );
      }
    }
    emit({ type: "activated", skill, via: via === "restore" ? "tool" : via });
    return found;
  }

  function deactivateSkill(skill: Skill): void {
    if (!active.delete(skill.id)) return;
    hooks.unregister(skill.id);
    const record = loaded.get(skill.id);
    if (record) record.active = false;
    emit({ type: "deactivated", skill });
  }

  /**
   * A remote skill's `allowed-tools` have no effect unless the person granted them (SPEC §16): only the
   * granted ones are kept while it is active.
   */
  function withGrantedTools(skill: Skill, found: Diagnostic[]): Skill {
    const declared = skill.frontmatter.allowedTools;
    if (!skill.origin || !declared || declared.length === 0) return skill;
    const granted = new Set(remoteGrants.get(skill.id) ?? []);
    const kept = declared.filter((tool) => granted.has(tool));
    if (kept.length < declared.length) {
      found.push(
        diagnostic(
          "info",
          "remote-tools-ignored",
          `Remote skill '${skill.qualifiedName}' asks for allowed-tools ${declared.filter((tool) => !granted.has(tool)).join(" ")}; they have no effect unless you grant them: \`skillset remote approve ${skill.qualifiedName} --allow-tools\`.`,
          skill.path,
          { field: "allowed-tools" },
        ),
      );
    }
    const frontmatter = { ...skill.frontmatter };
    if (kept.length > 0) frontmatter.allowedTools = kept;
    else delete frontmatter.allowedTools;
    return { ...skill, frontmatter };
  }

  const currentPolicy = () => toolPolicyFor([...active.values()], narrowing);

  async function startFork(request: ForkRequest): Promise<TurnFork> {
    if (!host.fork) return request;
    const started = await callHost(host.fork, [request], timeoutMs);
    if (!started.ok) {
      throw new SkillsetError(
        "fork-failed",
        `Skill '${request.skill.qualifiedName}' should run as a subagent task, but the host's fork callback ${describeHostFailure(started, timeoutMs)}.`,
        { path: request.skill.path },
      );
    }
    return { ...request, taskId: started.value.taskId };
  }

  function catalog(): CatalogResult {
    return renderCatalog(view.entries(), {
      ...config.catalog,
      format,
      ...(options.contextWindow === undefined ? {} : { contextWindow: options.contextWindow }),
      scopeOrder: config.discovery.scopeOrder,
      isDenied: policy.isDenied,
      lastUsed,
    });
  }

  /**
   * One tools context per session: the tools keep their search index per context (synced with the registry
   * before each search), so a host that asks for the tools every turn does not build a new index each turn.
   */
  let sharedToolsContext: SkillToolsContext | undefined;
  function toolsContext(): SkillToolsContext {
    sharedToolsContext ??= newToolsContext();
    return sharedToolsContext;
  }

  function newToolsContext(): SkillToolsContext {
    const context: SkillToolsContext = {
      registry: view,
      tracker,
      sessionId: id,
      isHidden: (skill) => policy.isDenied(skill),
      async authorize(skill, tool) {
        const permissionTool = tool === "skill_load" || tool === "use_skill" ? tool : undefined;
        const check = await admit(skill, permissionTool);
        if (check.ok) return { allow: true };
        const reason = check.diagnostics.map((found) => found.message).join(" ") || "the policy refuses it.";
        return { allow: false, reason };
      },
      preprocess,
      enableCommand,
    };
    // Without a host `fork`, use_skill gives a fork skill inline with a note (the tools' own fallback).
    if (host.fork) {
      context.fork = async (request) => {
        const started = await startFork(request);
        return { taskId: started.taskId ?? "" };
      };
    }
    return context;
  }

  function recordToolUse(tool: SkillTool): SkillTool {
    if (tool.name !== "skill_load" && tool.name !== "use_skill") return tool;
    return {
      ...tool,
      async handler(input) {
        ensureOpen();
        const result = await tool.handler(input);
        const path = typeof result.data?.path === "string" ? result.data.path : undefined;
        if (!result.isError && path) {
          const found = view.lookup(path);
          if (found.kind === "found") activate(found.entry.skill, "tool", found.entry.skill.mtimeMs);
        }
        return result;
      },
    };
  }

  const session: SkillSession = {
    get id() {
      return id;
    },

    systemPrompt() {
      ensureOpen();
      const result = catalog();
      return host.offersSearch === false
        ? catalogWithoutSearch(result.text, result.omitted.length)
        : result.text;
    },

    async prepareTurn(text, turnOptions = {}) {
      ensureOpen();
      const source: MentionSource = turnOptions.source ?? "user";
      const resolution = resolveMentions(text, view.entries(), {
        source,
        config: mentions,
        cwd: registry.cwd,
        isDenied: policy.isDenied,
        denialReason: (skill) => denialReason(policy.permissions, skill),
      });
      const turn: PreparedTurn = {
        source,
        activations: [],
        messages: [],
        diagnostics: [...resolution.diagnostics],
        visibleLines: [],
        toolPolicy: currentPolicy(),
        forks: [],
        task: resolution.task,
        mentions: resolution.mentions,
        references: resolution.references,
      };
      for (const activation of resolution.activations) {
        const { skill } = activation;
        const via = activation.mention.kind === "slash" ? "command" : "mention";
        const check = await admit(skill, undefined);
        turn.diagnostics.push(...check.diagnostics);
        if (!check.ok) continue;
        // Without a host `fork`, a fork skill's body goes inline with a warning, as use_skill gives it.
        const fork = skill.frontmatter.context === "fork" && host.fork !== undefined;
        let body: LoadedSkill;
        try {
          body = await loadSkill(skill, {
            envelope: host.envelope ?? "message",
            // A linked mention may load a shadowed skill: its skill:// URLs must name that one.
            uriName: exactSkillName(skill, view.entries()),
            ...(fork ? {} : { tracker }),
            sessionId: id,
            preprocess,
            ...(activation.args === undefined ? {} : { args: activation.args }),
          });
          if (fork) {
            turn.forks.push(
              await startFork({
                skill,
                body: body.body,
                args: body.args,
                ...(skill.frontmatter.agent === undefined ? {} : { agent: skill.frontmatter.agent }),
                ...(skill.frontmatter.model === undefined ? {} : { model: skill.frontmatter.model }),
              }),
            );
          } else {
            turn.messages.push({
              role: host.envelope === "preloaded" ? "system" : "user",
              content: body.text,
              skill,
            });
          }
        } catch (error) {
          if (!SkillsetError.isInstance(error)) throw error;
          turn.diagnostics.push(
            diagnostic(
              "error",
              error.code,
              `Skill '${skill.qualifiedName}' could not be loaded: ${error.message}`,
              skill.path,
            ),
          );
          continue;
        }
        if (skill.frontmatter.context === "fork" && !fork) turn.diagnostics.push(forkUnsupported(skill));
        turn.diagnostics.push(...activate(skill, via, body.mtimeMs));
        const model = skill.frontmatter.model;
        const record: TurnActivation = {
          skill,
          via,
          mention: activation.mention,
          context: fork ? "fork" : "inline",
          suppressed: body.suppressed,
          ...(activation.args === undefined ? {} : { args: activation.args }),
          ...(model === undefined ? {} : { model }),
        };
        if (model !== undefined) turn.model = model;
        turn.activations.push(record);
        turn.visibleLines.push(usingSkillLine(skill.qualifiedName));
      }
      if (turn.activations.length < resolution.activations.length) {
        // A skill not loaded (not confirmed, not admitted, failed) keeps its mention in the task, as a
        // denied one does: only the loaded activations' mentions are taken out.
        const loadedMentions = new Set(turn.activations.map((record) => record.mention));
        const removed = resolution.activations
          .filter((activation) => loadedMentions.has(activation.mention))
          .flatMap((activation) => activation.mentions ?? [activation.mention]);
        turn.task = removed.length > 0 ? removeMentions(text, removed) : text;
      }
      turn.toolPolicy = currentPolicy();
      return turn;
    },

    tools() {
      ensureOpen();
      const tools = createSkillTools(toolsContext()).map(recordToolUse);
      return host.offersSearch === false ? tools.filter((tool) => tool.name !== "skill_search") : tools;
    },

    filterTools: ((tools: Record<string, unknown>) => {
      ensureOpen();
      return filterTools(tools, currentPolicy());
    }) as SkillSession["filterTools"],

    checkToolCall(name, input) {
      ensureOpen();
      return checkToolCall(currentPolicy(), name, input);
    },

    toolPolicy() {
      ensureOpen();
      return currentPolicy();
    },

    deactivate(nameOrPath) {
      ensureOpen();
      for (const skill of [...active.values()]) {
        const named =
          nameOrPath === undefined ||
          [skill.qualifiedName, skill.name, skill.path, skill.id].includes(nameOrPath);
        if (named) deactivateSkill(skill);
      }
    },

    hooks(event, toolName) {
      ensureOpen();
      return hooks.fire(event, toolName);
    },

    environment() {
      ensureOpen();
      return Object.fromEntries(dependencies.sessionEnv);
    },

    on(listener) {
      ensureOpen();
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    inspect() {
      ensureOpen();
      const result = catalog();
      const names = new Map(view.entries().map((entry) => [entry.skill.id, entry.skill.qualifiedName]));
      const listed = new Set(result.listed);
      const omitted = new Set(result.omitted.map((skill) => skill.id));
      const hidden = view
        .entries()
        .filter(
          (entry) =>
            entry.enabled &&
            !isOutranked(entry) &&
            !listed.has(entry.skill.id) &&
            !omitted.has(entry.skill.id),
        )
        .filter((entry) => policy.isDenied(entry.skill) || !entry.skill.invocation.model)
        .map((entry) => entry.skill.qualifiedName);
      return {
        id,
        catalog: {
          format: result.format,
          tokens: result.tokens,
          budget: result.budget,
          listed: result.listed.map((skillId) => names.get(skillId) ?? skillId),
          shortened: result.truncated.map((skill) => skill.name),
          omitted: result.omitted.map((skill) => skill.name),
          hidden,
        },
        loaded: [...loaded.values()].map((record) => ({ ...record })),
        toolPolicy: currentPolicy(),
        hooks: hooks.active(),
      };
    },

    async compacted(compaction = {}) {
      ensureOpen();
      const keep = compaction.keep ?? "reference";
      const messages: SessionMessage[] = [];
      for (const [skillId, record] of loaded) {
        tracker.forget(skillId);
        const found = view.lookup(skillId);
        if (found.kind !== "found") continue;
        const skill = found.entry.skill;
        if (keep === "reference") {
          messages.push({
            role: "user",
            content: fillPrompt("skill-compacted.md", { name: record.name, path: record.path }),
            skill,
          });
          continue;
        }
        try {
          const again = await loadSkill(skill, {
            envelope: host.envelope ?? "message",
            uriName: exactSkillName(skill, view.entries()),
            tracker,
            sessionId: id,
            preprocess,
          });
          messages.push({
            role: host.envelope === "preloaded" ? "system" : "user",
            content: again.text,
            skill,
          });
        } catch {
          messages.push({
            role: "user",
            content: fillPrompt("skill-compacted.md", { name: record.name, path: record.path }),
            skill,
          });
        }
      }
      return messages;
    },

    snapshot() {
      ensureOpen();
      return {
        version: 1,
        id,
        loads: tracker.list(),
        lastUsed: [...lastUsed],
        loaded: [...loaded.values()].map((record) => ({ ...record })),
        active: [...active.keys()],
        firedHooks: hooks.fired(),
        mcpAnswers: [...dependencies.mcpAnswers],
      };
    },

    restore(snapshot: SessionSnapshot) {
      ensureOpen();
      if (snapshot?.version !== 1) {
        throw new SkillsetError(
          "snapshot-invalid",
          `Cannot restore a session snapshot of version ${JSON.stringify(snapshot?.version)}; this skillset reads version 1.`,
        );
      }
      id = snapshot.id;
      tracker = createReloadTracker(snapshot.loads);
      hooks = createHookRegistry(snapshot.firedHooks);
      lastUsed.clear();
      for (const [skillId, at] of snapshot.lastUsed) lastUsed.set(skillId, at);
      clock = Math.max(0, ...lastUsed.values());
      loaded.clear();
      for (const record of snapshot.loaded) {
        const found = registry.lookup(record.path);
        loaded.set(found.kind === "found" ? found.entry.skill.id : record.path, { ...record });
      }
      active.clear();
      for (const skillId of snapshot.active) {
        const found = view.lookup(skillId);
        if (found.kind !== "found") continue;
        active.set(skillId, found.entry.skill);
        if (policy.isTrusted(found.entry.skill)) hooks.register(skillId, skillHooks(found.entry.skill).hooks);
      }
      dependencies.mcpAnswers.clear();
      for (const [server, answer] of snapshot.mcpAnswers) dependencies.mcpAnswers.set(server, answer);
    },

    async close() {
      if (closed) return;
      for (const skill of [...active.values()]) deactivateSkill(skill);
      closed = true;
      listeners.clear();
      dependencies.sessionEnv.clear();
    },
  };
  return session;
}
