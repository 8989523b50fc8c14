/**
 * @module The configuration schema (SPEC §6): the schema is the type. Every layer (user, project,
 * environment, flags) is validated against `configLayerSchema`; the merged result is `SkillsetConfig`.
 * `schemas/config.schema.json` is generated from `configLayerSchema` (see `configJsonSchema`). Built with
 * the small schema builder in `model/schema/`.
 */
import * as s from "../model/schema/index.js";
import { SCOPES, type Scope } from "../model/skill.js";

const scopeSchema = s.oneOf(SCOPES as readonly Scope[] as readonly [Scope, ...Scope[]]);

/** Walker bounds per root (SPEC §5). */
export const walkLimitsSchema = s.object({
  maxDepth: s.integer({ min: 0 }).describe("Deepest folder searched below a root (default 6)"),
  maxDirectories: s.integer({ min: 1 }).describe("Folders visited per root (default 2000)"),
  maxEntries: s.integer({ min: 1 }).describe("Directory entries read per root (default 20000)"),
});

/** Where skills are looked for and how (SPEC §5). */
export const discoveryConfigSchema = s.object({
  providers: s.record(s.boolean()).describe('Switch providers on or off by id, e.g. { "cursor": false }'),
  disabledSources: s
    .array(s.string())
    .describe("Sources switched off: `provider`, `provider:scope` or an absolute root path"),
  scopeOrder: s.array(scopeSchema).describe("Precedence of scopes, highest first"),
  projectMarkers: s.array(s.string()).describe("Files or folders that mark the project root"),
  customDirs: s
    .array(s.string())
    .describe(
      "Extra skill folders (custom scope). `~/` is home; relative paths resolve against the project root (project file) or home (user file)",
    ),
  pluginDirs: s
    .array(s.string())
    .describe("Folders holding Claude-style plugins (each with .claude-plugin/plugin.json)"),
  include: s.array(s.string()).describe("Only skills whose name matches one of these globs"),
  ignore: s.array(s.string()).describe("Skip skills whose name matches one of these globs"),
  limits: walkLimitsSchema,
  followSymlinks: s.boolean().describe("Follow folder and SKILL.md symlinks (never in the system scope)"),
  followExternalLinks: s
    .boolean()
    .describe(
      "Follow links in repo, plugin and custom roots whose target lies outside every skills root and the project (default false: such links are reported, not followed). Links in the user and admin roots (the person's own, e.g. ~/.claude/skills/x -> ~/dev/x) are followed either way; a linked SKILL.md must still be a regular file named SKILL.md",
    ),
});

/** What the model sees first and its token budget (SPEC §7). */
export const catalogConfigSchema = s.object({
  format: s.oneOf(["xml", "markdown", "context"]).describe("Catalog format"),
  budgetTokens: s.optional(s.integer({ min: 0 })).describe("Token budget; overrides budgetPercent"),
  contextWindow: s.optional(s.integer({ min: 1 })).describe("Model context window in tokens"),
  budgetPercent: s
    .number({ min: 0, max: 100 })
    .describe("Share of the context window for the catalog (default 2)"),
  defaultBudgetTokens: s.integer({ min: 0 }).describe("Budget when the window is unknown (default 8000)"),
  descriptionCap: s.integer({ min: 1 }).describe("Longest description listed, in characters (default 1536)"),
});

/** `$name` and `/name` handling and the host commands named in hints (SPEC §8). */
export const mentionsConfigSchema = s.object({
  composition: s.boolean().describe("Allow several $mentions to activate together"),
  hostCommands: s.array(s.string()).describe("Slash commands the host owns; /name for these is not a skill"),
  connectorSlugs: s.array(s.string()).describe("Host connector/app names never resolved by bare $name"),
  listCommand: s.string().describe("Command named in hints for listing skills"),
  enableCommand: s.string().describe("Command named in hints for enabling a skill"),
  maxPerMessage: s
    .integer({ min: 1 })
    .describe("Most mentions resolved in one message; the rest are reported, not resolved (default 1000)"),
});

/** `skill_search` result limits (seed 003 §9, SPEC §10). */
export const searchConfigSchema = s.object({
  defaultLimit: s
    .integer({ min: 1 })
    .describe("Candidates `skill_search` returns when no limit is given (default 8)"),
  maxLimit: s.integer({ min: 1 }).describe("Most candidates `skill_search` returns (default 50)"),
});

/** One permission rule (SPEC §11): what to do when `skill` (a glob) is reached, on every path or through one tool. */
export const permissionRuleSchema = s.object({
  action: s.oneOf(["allow", "deny", "ask"]).describe("deny beats allow beats ask"),
  tool: s
    .optional(s.oneOf(["skill_load", "use_skill", "*"]))
    .describe("Only calls of this tool; absent or `*`: every path (catalog, search, mentions, tools, CLI)"),
  skill: s
    .string({ minLength: 1 })
    .describe(
      "Glob over the qualified name (`pdf`, `acme:*`, `*`), or over the path when it holds a `/` (`~/` is home)",
    ),
});

/** Permissions, the agents' own settings, trust, tool narrowing and shell preprocessing (SPEC §11). */
export const policyConfigSchema = s.object({
  permissions: s
    .array(permissionRuleSchema)
    .describe(
      "Permission rules, in addition to imported ones; every layer's rules add up. In a project's own file only deny and ask rules apply unless you run `skillset trust` there",
    ),
  importAgentSettings: s
    .boolean()
    .describe(
      "Honour skills switched off in Codex, Claude Code and OpenCode settings (default true; a project's own file cannot turn it off unless trusted with `skillset trust`)",
    ),
  trustedScopes: s
    .array(scopeSchema)
    .describe(
      "Scopes trusted for shell preprocessing and hooks (default user, admin, system). A project's own file may only remove scopes unless trusted with `skillset trust`",
    ),
  toolNarrowing: s
    .oneOf(["restrict", "approve"])
    .describe("While a skill with allowed-tools is active: keep only those tools, or pre-approve them"),
  shellPreprocessing: s
    .boolean()
    .describe(
      "Run !`command` in skill bodies from trusted scopes (default false; a host turns it on). A project's own file may only turn it off unless trusted with `skillset trust`",
    ),
  shellTimeoutMs: s.integer({ min: 1 }).describe("Longest a preprocessing command may run (default 10000)"),
  shellMaxOutputBytes: s
    .integer({ min: 1 })
    .describe("Most output a preprocessing command may print (default 65536)"),
  hostTimeoutMs: s
    .integer({ min: 1 })
    .describe(
      "Longest a host callback (confirm, prompt, install) may take before it counts as no (default 120000)",
    ),
});

/**
 * One MCP server whose skills are used (SPEC §16): a label the person chooses (the namespace of its
 * skills, `label:name`), and a URL (with an optional bearer token) or a command for stdio. Honoured only
 * from the person's own config file, never from a project's.
 */
export const remoteServerSchema = s.object({
  label: s.string({ minLength: 1 }).describe("Your name for the server: its skills are `label:name`"),
  url: s.optional(s.string({ minLength: 1 })).describe("Streamable HTTP endpoint of the MCP server"),
  token: s.optional(s.string()).describe("Bearer token sent to `url`"),
  command: s.optional(s.string({ minLength: 1 })).describe("Command that runs the server over stdio"),
  args: s.optional(s.array(s.string())).describe("Arguments of `command`"),
  skills: s
    .optional(s.array(s.string({ minLength: 1 })))
    .describe(
      "SKILL.md URIs of skills the server serves but may not list (confirmed with skills/get), e.g. skill://acme/refunds/SKILL.md",
    ),
  allowDynamic: s
    .optional(s.boolean())
    .describe('Allow skills whose files carry no digests ("dynamic"); default false: they are refused'),
});

/** The complete, merged configuration. */
export const configSchema = s.object({
  discovery: discoveryConfigSchema,
  catalog: catalogConfigSchema,
  mentions: mentionsConfigSchema,
  search: searchConfigSchema,
  policy: policyConfigSchema,
});

/** The merged configuration every stage reads (build one with `loadConfig` or `mergeConfig`). */
export type SkillsetConfig = s.Infer<typeof configSchema>;
export type DiscoveryConfig = s.Infer<typeof discoveryConfigSchema>;
export type CatalogConfig = s.Infer<typeof catalogConfigSchema>;
export type MentionsConfig = s.Infer<typeof mentionsConfigSchema>;
export type WalkLimits = s.Infer<typeof walkLimitsSchema>;
export type SearchConfig = s.Infer<typeof searchConfigSchema>;
export type PolicyConfig = s.Infer<typeof policyConfigSchema>;
export type PermissionRule = s.Infer<typeof permissionRuleSchema>;
export type RemoteServerConfig = s.Infer<typeof remoteServerSchema>;

/**
 * One layer (a config file, the environment, flags): every key optional, unknown keys rejected.
 * A file may name its JSON Schema in `$schema` (for editors); the key is ignored when merging.
 */
export const configLayerSchema = s.object({
  $schema: s.optional(s.string()).describe("JSON Schema of this file, for editors; ignored by skillset"),
  discovery: s.optional(
    s.partial(s.object({ ...discoveryConfigSchema.shape, limits: s.partial(walkLimitsSchema) })),
  ),
  catalog: s.optional(s.partial(catalogConfigSchema)),
  mentions: s.optional(s.partial(mentionsConfigSchema)),
  search: s.optional(s.partial(searchConfigSchema)),
  policy: s.optional(s.partial(policyConfigSchema)),
  remotes: s
    .optional(s.array(remoteServerSchema))
    .describe("MCP servers whose skills are used (remote scope); read from your own config file only"),
});

/** One partial layer: a config file, the environment, or flags. */
export type ConfigLayer = s.Infer<typeof configLayerSchema>;

/** Also here for importers that read the defaults with the schema; `default-config.ts` alone skips the schema. */
export { defaultConfig } from "./default-config.js";
