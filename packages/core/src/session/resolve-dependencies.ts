/**
 * @module Dependencies checked before a skill activates (SPEC §11): a missing environment variable goes to
 * the host's secret prompt (the value kept in memory for the session only), a missing MCP server to the
 * host's install/skip callback, asked once per server per session.
 */
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import { callHost, describeHostFailure } from "../policy/call-host.js";
import { missingDependencies } from "../policy/skill-dependencies.js";
import type { SessionHost } from "./session-types.js";

/** The session's dependency memory. */
export interface DependencyState {
  env: Record<string, string | undefined>;
  /** Values the host gave; never written anywhere. */
  sessionEnv: Map<string, string>;
  mcpAnswers: Map<string, "install" | "skip">;
}

/** `ok: false` when the skill must not activate; `diagnostics` say why (or warn about skipped servers). */
export async function resolveDependencies(
  skill: Skill,
  host: SessionHost,
  state: DependencyState,
  timeoutMs: number,
): Promise<{ ok: boolean; diagnostics: Diagnostic[] }> {
  const servers = typeof host.mcpServers === "function" ? host.mcpServers() : host.mcpServers;
  const missing = missingDependencies(skill, {
    env: state.env,
    sessionEnv: state.sessionEnv,
    ...(servers ? { mcpServers: servers } : {}),
  });
  const diagnostics: Diagnostic[] = [];
  for (const dependency of missing) {
    const about = dependency.description ? ` (${dependency.description})` : "";
    if (dependency.kind === "env") {
      const request = {
        name: dependency.name,
        ...(dependency.description ? { description: dependency.description } : {}),
        skill,
        secret: true as const,
      };
      const answer = await callHost(host.promptEnv, [request], timeoutMs);
      if (answer.ok && typeof answer.value === "string" && answer.value !== "") {
        state.sessionEnv.set(dependency.name, answer.value);
        continue;
      }
      const why = answer.ok
        ? "no value was given"
        : `the host's promptEnv callback ${describeHostFailure(answer, timeoutMs)}`;
      diagnostics.push(
        diagnostic(
          "warning",
          "dependency-missing",
          `Skill '${skill.qualifiedName}' needs the environment variable ${dependency.name}${about}, which is not set, and ${why}; it was not activated.`,
          skill.path,
        ),
      );
      return { ok: false, diagnostics };
    }
    let decision = state.mcpAnswers.get(dependency.name);
    if (decision === undefined) {
      const answer = await callHost(
        host.installMcpServer,
        [
          {
            server: dependency.name,
            ...(dependency.description ? { description: dependency.description } : {}),
            skill,
          },
        ],
        timeoutMs,
      );
      decision = answer.ok && answer.value === "install" ? "install" : "skip";
      state.mcpAnswers.set(dependency.name, decision);
    }
    if (decision === "skip") {
      diagnostics.push(
        diagnostic(
          "warning",
          "dependency-mcp-skipped",
          `Skill '${skill.qualifiedName}' uses the MCP server ${dependency.name}${about}, which this host does not have; it was skipped, so parts of the skill may not work.`,
          skill.path,
        ),
      );
    }
  }
  return { ok: true, diagnostics };
}
