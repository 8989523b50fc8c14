/**
 * @module What every MCP connection of one server shares: the skillset (registry, configuration, policy),
 * one search index, the watcher that keeps both current; and per connection the skill tools with their
 * own reload tracker and the policy plugged in (SPEC §11, §13). The tools come from the core's tools stage
 * with one shared index, not from `session.tools()`, which builds an index per session: 50 clients on
 * 16,000 skills would hold 50 indexes.
 */
import { randomUUID } from "node:crypto";
import type { ConfigLayer } from "@skillset/core/config";
import { createReloadTracker } from "@skillset/core/loader";
import type { Skill } from "@skillset/core/model";
import type { ConfirmAnswer, ConfirmRequest, PermissionTool, Policy } from "@skillset/core/policy";
import type { RegistryEvent, SkillRegistry } from "@skillset/core/registry";
import { createSkillSearch, type SkillSearch } from "@skillset/core/search";
import { createSkillset, policyRegistryView, type Skillset } from "@skillset/core/session";
import {
  type Authorization,
  createSkillTools,
  type SkillTool,
  type SkillToolsContext,
} from "@skillset/core/tools";
import { createSkillEntries, type SkillEntries } from "./skill-entries.js";

/** Options of `openMcpSkills`. */
export interface McpSkillsOptions {
  /** Working directory whose skills are served. */
  cwd: string;
  env?: Record<string, string | undefined>;
  /** The highest configuration layer (e.g. command-line flags) for the default skillset; ignored with `skillset`. */
  config?: ConfigLayer;
  /** The project's registry, configuration and policy (default: `createSkillset({ cwd, env, config })`). */
  skillset?: Skillset;
  /** Keep the registry current with a file watcher and notify clients (default true). */
  watch?: boolean;
  /** Where a skill not served as an extension entry is reported (default: stderr). */
  onDiagnostic?: (message: string) => void;
}

/** How a connection asks the person behind the client when a rule says `ask`. */
export type Confirm = (request: ConfirmRequest) => ConfirmAnswer | Promise<ConfirmAnswer>;

/** One client connection's view: its tools and the permission and visibility checks every path uses. */
export interface McpConnection {
  readonly sessionId: string;
  /** The four tools; rebuilt after a change so name enums follow the registry. */
  tools(): readonly SkillTool[];
  /** The tools' context: the one place permissions and visibility come from for resources and prompts too. */
  readonly context: SkillToolsContext;
  /** The policy's decision for `skill` on `tool`'s path (none: a prompt, i.e. a slash command). */
  authorize(skill: Skill, tool?: PermissionTool): Promise<Authorization>;
}

/** The skills one server serves. */
export interface McpSkills {
  readonly registry: SkillRegistry;
  readonly search: SkillSearch;
  readonly policy: Policy;
  /** The MCP Skills extension's entries, digests kept by file stamp across connections (SEP-2640). */
  readonly entries: SkillEntries;
  /** A new connection (one per MCP session): its own reload suppression, session id and confirm. */
  connect(confirm?: Confirm): McpConnection;
  /** Called once per batch of registry changes; returns a function that removes the listener. */
  onChange(listener: (events: readonly RegistryEvent[]) => void): () => void;
  /** Stops the watcher. */
  close(): Promise<void>;
}

/**
 * Loads the registry, builds the shared search index and (unless `watch: false`) starts the watcher.
 * @example const skills = await openMcpSkills({ cwd: process.cwd() }); const server = createSkillServer(skills);
 */
export async function openMcpSkills(options: McpSkillsOptions): Promise<McpSkills> {
  const skillset =
    options.skillset ??
    (await createSkillset({
      cwd: options.cwd,
      ...(options.env ? { env: options.env } : {}),
      ...(options.config ? { config: options.config } : {}),
    }));
  const { registry, policy } = skillset;
  const isHidden = (skill: Skill) => policy.isDenied(skill);
  // The model's view: the agents' per-skill overrides applied (Claude Code's `user-invocable-only` hides a
  // skill from the model, so the tools refuse its body and search leaves it out), as in a session.
  const view = policyRegistryView(registry, policy);
  const search = createSkillSearch(registry.entries(), {
    config: registry.config.search,
    scopeOrder: registry.config.discovery.scopeOrder,
    cwd: registry.cwd,
    isHidden: (skill) => isHidden(skill) || !policy.overrides.invocation(skill).model,
  });
  const listeners = new Set<(events: readonly RegistryEvent[]) => void>();
  let version = 0;
  let batch: RegistryEvent[] = [];
  // The watcher emits one event per skill; clients get one notification per batch.
  const flush = () => {
    const events = batch;
    batch = [];
    for (const listener of listeners) listener(events);
  };
  const watcher =
    options.watch === false
      ? undefined
      : await registry.watch((event) => {
          search.apply(event);
          version++;
          if (batch.push(event) === 1) setImmediate(flush);
        });

  const entries = createSkillEntries(options.onDiagnostic ? { onDiagnostic: options.onDiagnostic } : {});

  return {
    registry,
    search,
    policy,
    entries,
    connect(confirm) {
      const authorize = async (skill: Skill, tool?: PermissionTool): Promise<Authorization> => {
        const answer = await policy.authorize(skill, tool, confirm);
        if (answer.allowed) return { allow: true };
        return { allow: false, reason: answer.diagnostic?.message ?? "a permission rule refuses it." };
      };
      const context: SkillToolsContext = {
        registry: view,
        search,
        tracker: createReloadTracker(),
        sessionId: randomUUID(),
        isHidden,
        // Reading a skill's files is loading it, as far as permission rules go.
        authorize: (skill, tool) => authorize(skill, tool === "use_skill" ? "use_skill" : "skill_load"),
      };
      let built = -1;
      let tools: SkillTool[] = [];
      return {
        sessionId: context.sessionId as string,
        context,
        authorize,
        tools() {
          if (built !== version) {
            tools = createSkillTools(context);
            built = version;
          }
          return tools;
        },
      };
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await watcher?.close();
      if (!options.skillset) await skillset.close();
    },
  };
}
