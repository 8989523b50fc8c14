/**
 * @module The defaults merged under every configuration layer, apart from the schema: a start-up with no
 * config file to check (most of them) never loads the schema.
 */
import type { SkillsetConfig } from "./config-schema.js";

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
