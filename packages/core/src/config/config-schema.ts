/**
 * @module The configuration schema (SPEC §6): the schema is the type. Every layer (user, project,
 * environment, flags) is validated against `configLayerSchema`; the merged result is `SkillsetConfig`.
 * `schemas/config.schema.json` is generated from `configLayerSchema` (see `configJsonSchema`).
 */
import { z } from "zod";
import { SCOPES, type Scope } from "../model/skill.js";

const scopeSchema = z.enum(SCOPES as unknown as [Scope, ...Scope[]]);

/** Walker bounds per root (SPEC §5). */
export const walkLimitsSchema = z
  .object({
    maxDepth: z.number().int().min(0).describe("Deepest folder searched below a root (default 6)"),
    maxDirectories: z.number().int().min(1).describe("Folders visited per root (default 2000)"),
    maxEntries: z.number().int().min(1).describe("Directory entries read per root (default 20000)"),
  })
  .strict();

/** Where skills are looked for and how (SPEC §5). */
export const discoveryConfigSchema = z
  .object({
    providers: z
      .record(z.string(), z.boolean())
      .describe('Switch providers on or off by id, e.g. { "cursor": false }'),
    disabledSources: z
      .array(z.string())
      .describe("Sources switched off: `provider`, `provider:scope` or an absolute root path"),
    scopeOrder: z.array(scopeSchema).describe("Precedence of scopes, highest first"),
    projectMarkers: z.array(z.string()).describe("Files or folders that mark the project root"),
    customDirs: z
      .array(z.string())
      .describe(
        "Extra skill folders (custom scope). `~/` is home; relative paths resolve against the project root (project file) or home (user file)",
      ),
    pluginDirs: z
      .array(z.string())
      .describe("Folders holding Claude-style plugins (each with .claude-plugin/plugin.json)"),
    include: z.array(z.string()).describe("Only skills whose name matches one of these globs"),
    ignore: z.array(z.string()).describe("Skip skills whose name matches one of these globs"),
    limits: walkLimitsSchema,
    followSymlinks: z.boolean().describe("Follow folder and SKILL.md symlinks (never in the system scope)"),
    followExternalLinks: z
      .boolean()
      .describe(
        "Follow links in repo, plugin and custom roots whose target lies outside every skills root and the project (default false: such links are reported, not followed). Links in the user and admin roots (the person's own, e.g. ~/.claude/skills/x -> ~/dev/x) are followed either way; a linked SKILL.md must still be a regular file named SKILL.md",
      ),
  })
  .strict();

/** What the model sees first and its token budget (SPEC §7). */
export const catalogConfigSchema = z
  .object({
    format: z.enum(["xml", "markdown", "context"]).describe("Catalog format"),
    budgetTokens: z.number().int().min(0).optional().describe("Token budget; overrides budgetPercent"),
    contextWindow: z.number().int().min(1).optional().describe("Model context window in tokens"),
    budgetPercent: z
      .number()
      .min(0)
      .max(100)
      .describe("Share of the context window for the catalog (default 2)"),
    defaultBudgetTokens: z.number().int().min(0).describe("Budget when the window is unknown (default 8000)"),
    descriptionCap: z
      .number()
      .int()
      .min(1)
      .describe("Longest description listed, in characters (default 1536)"),
  })
  .strict();

/** `$name` and `/name` handling and the host commands named in hints (SPEC §8). */
export const mentionsConfigSchema = z
  .object({
    composition: z.boolean().describe("Allow several $mentions to activate together"),
    hostCommands: z
      .array(z.string())
      .describe("Slash commands the host owns; /name for these is not a skill"),
    connectorSlugs: z.array(z.string()).describe("Host connector/app names never resolved by bare $name"),
    listCommand: z.string().describe("Command named in hints for listing skills"),
    enableCommand: z.string().describe("Command named in hints for enabling a skill"),
    maxPerMessage: z
      .number()
      .int()
      .min(1)
      .describe("Most mentions resolved in one message; the rest are reported, not resolved (default 1000)"),
  })
  .strict();

/** `skill_search` result limits (seed 003 §9, SPEC §10). */
export const searchConfigSchema = z
  .object({
    defaultLimit: z
      .number()
      .int()
      .min(1)
      .describe("Candidates `skill_search` returns when no limit is given (default 8)"),
    maxLimit: z.number().int().min(1).describe("Most candidates `skill_search` returns (default 50)"),
  })
  .strict();

/** One permission rule (SPEC §11): what to do when `skill` (a glob) is reached, on every path or through one tool. */
export const permissionRuleSchema = z
  .object({
    action: z.enum(["allow", "deny", "ask"]).describe("deny beats allow beats ask"),
    tool: z
      .enum(["skill_load", "use_skill", "*"])
      .optional()
      .describe("Only calls of this tool; absent or `*`: every path (catalog, search, mentions, tools, CLI)"),
    skill: z
      .string()
      .min(1)
      .describe(
        "Glob over the qualified name (`pdf`, `acme:*`, `*`), or over the path when it holds a `/` (`~/` is home)",
      ),
  })
  .strict();

/** Permissions, the agents' own settings, trust, tool narrowing and shell preprocessing (SPEC §11). */
export const policyConfigSchema = z
  .object({
    permissions: z.array(permissionRuleSchema).describe("Permission rules, in addition to imported ones"),
    importAgentSettings: z
      .boolean()
      .describe("Honour skills switched off in Codex, Claude Code and OpenCode settings (default true)"),
    trustedScopes: z
      .array(scopeSchema)
      .describe("Scopes trusted for shell preprocessing and hooks (default user, admin, system)"),
    toolNarrowing: z
      .enum(["restrict", "approve"])
      .describe("While a skill with allowed-tools is active: keep only those tools, or pre-approve them"),
    shellPreprocessing: z
      .boolean()
      .describe("Run !`command` in skill bodies from trusted scopes (default false; a host turns it on)"),
    shellTimeoutMs: z
      .number()
      .int()
      .min(1)
      .describe("Longest a preprocessing command may run (default 10000)"),
    shellMaxOutputBytes: z
      .number()
      .int()
      .min(1)
      .describe("Most output a preprocessing command may print (default 65536)"),
    hostTimeoutMs: z
      .number()
      .int()
      .min(1)
      .describe(
        "Longest a host callback (confirm, prompt, install) may take before it counts as no (default 120000)",
      ),
  })
  .strict();

/** The complete, merged configuration. */
export const configSchema = z
  .object({
    discovery: discoveryConfigSchema,
    catalog: catalogConfigSchema,
    mentions: mentionsConfigSchema,
    search: searchConfigSchema,
    policy: policyConfigSchema,
  })
  .strict();

/** The merged configuration every stage reads (build one with `loadConfig` or `mergeConfig`). */
export type SkillsetConfig = z.infer<typeof configSchema>;
export type DiscoveryConfig = z.infer<typeof discoveryConfigSchema>;
export type CatalogConfig = z.infer<typeof catalogConfigSchema>;
export type MentionsConfig = z.infer<typeof mentionsConfigSchema>;
export type WalkLimits = z.infer<typeof walkLimitsSchema>;
export type SearchConfig = z.infer<typeof searchConfigSchema>;
export type PolicyConfig = z.infer<typeof policyConfigSchema>;
export type PermissionRule = z.infer<typeof permissionRuleSchema>;

/**
 * One layer (a config file, the environment, flags): every key optional, unknown keys rejected.
 * A file may name its JSON Schema in `$schema` (for editors); the key is ignored when merging.
 */
export const configLayerSchema = z
  .object({
    $schema: z.string().optional().describe("JSON Schema of this file, for editors; ignored by skillset"),
    discovery: discoveryConfigSchema
      .partial()
      .extend({ limits: walkLimitsSchema.partial().optional() })
      .optional(),
    catalog: catalogConfigSchema.partial().optional(),
    mentions: mentionsConfigSchema.partial().optional(),
    search: searchConfigSchema.partial().optional(),
    policy: policyConfigSchema.partial().optional(),
  })
  .strict();

/** One partial layer: a config file, the environment, or flags. */
export type ConfigLayer = z.infer<typeof configLayerSchema>;

/**
 * Defaults merged under every layer (SPEC §5, §7, §8).
 * @example createRegistry({ cwd, config: { ...defaultConfig, catalog: { ...defaultConfig.catalog, format: "markdown" } } })
 */
export const defaultConfig: SkillsetConfig = {
  discovery: {
    providers: {},
    disabledSources: [],
    scopeOrder: ["repo", "user", "custom", "admin", "system", "plugin", "remote"],
    projectMarkers: [".git", ".jj", ".hg"],
    customDirs: [],
    pluginDirs: [],
    include: [],
    ignore: [],
    limits: { maxDepth: 6, maxDirectories: 2000, maxEntries: 20000 },
    followSymlinks: true,
    followExternalLinks: false,
  },
  catalog: { format: "xml", budgetPercent: 2, defaultBudgetTokens: 8000, descriptionCap: 1536 },
  mentions: {
    composition: false,
    hostCommands: [],
    connectorSlugs: [],
    listCommand: "/skill list",
    enableCommand: "/skill enable",
    maxPerMessage: 1000,
  },
  search: { defaultLimit: 8, maxLimit: 50 },
  policy: {
    permissions: [],
    importAgentSettings: true,
    trustedScopes: ["user", "admin", "system"],
    toolNarrowing: "restrict",
    shellPreprocessing: false,
    shellTimeoutMs: 10_000,
    shellMaxOutputBytes: 65_536,
    hostTimeoutMs: 120_000,
  },
};
