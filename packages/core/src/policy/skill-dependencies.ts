/**
 * @module What a skill needs before it runs (SPEC §11, seed 001 "dependency bootstrapping"): environment
 * variables and MCP servers, declared in `agents/openai.yaml` `dependencies.tools[]` or in frontmatter
 * `dependencies: { tools: [...] }` (same shape: `{ type: env_var | mcp, value, description? }`).
 */
import type { Skill, ToolDependency } from "../model/skill.js";

/** One dependency of a skill. */
export interface SkillDependency {
  kind: "env" | "mcp";
  /** The variable or server name. */
  name: string;
  description?: string;
}

/** A skill's dependencies, each once, env vars first. */
export function skillDependencies(skill: Skill): SkillDependency[] {
  const declared: unknown[] = [
    ...(skill.openai?.dependencies?.tools ?? []),
    ...frontmatterTools(skill.frontmatter.extra.dependencies),
  ];
  const seen = new Set<string>();
  const found: SkillDependency[] = [];
  for (const tool of declared) {
    const dependency = toDependency(tool);
    if (!dependency) continue;
    const key = `${dependency.kind}:${dependency.name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(dependency);
  }
  return found.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "env" ? -1 : 1));
}

/** What is available, to check dependencies against. */
export interface DependencyContext {
  /** The process environment. */
  env: Record<string, string | undefined>;
  /** Values given for this session (by the host's prompt); never written anywhere. */
  sessionEnv?: ReadonlyMap<string, string>;
  /** MCP servers the host has; `undefined` when the host does not say (MCP dependencies are then not checked). */
  mcpServers?: readonly string[];
}

/** The dependencies that are not met. */
export function missingDependencies(skill: Skill, context: DependencyContext): SkillDependency[] {
  return skillDependencies(skill).filter((dependency) => {
    if (dependency.kind === "env") {
      return !context.sessionEnv?.has(dependency.name) && !context.env[dependency.name];
    }
    return context.mcpServers !== undefined && !context.mcpServers.includes(dependency.name);
  });
}

function frontmatterTools(value: unknown): unknown[] {
  if (typeof value !== "object" || value === null) return [];
  const tools = (value as { tools?: unknown }).tools;
  return Array.isArray(tools) ? tools : [];
}

function toDependency(tool: unknown): SkillDependency | undefined {
  if (typeof tool !== "object" || tool === null) return undefined;
  const { type, value, description } = tool as Partial<ToolDependency>;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const kind = type === "env_var" || type === "env" ? "env" : type === "mcp" ? "mcp" : undefined;
  if (!kind) return undefined;
  return { kind, name: value.trim(), ...(typeof description === "string" ? { description } : {}) };
}
