/**
 * @module A loaded registry over a temp tree, for tests of the stages after the registry (loader, tools):
 * the isolated environment of `isolatedEnv`, no bundled system skills, no metadata cache on disk.
 */
import { type DiscoveryConfig, defaultConfig } from "../config/config-schema.js";
import { createRegistry } from "../registry/create-registry.js";
import type { SkillRegistry } from "../registry/registry-types.js";
import { isolatedEnv, type TempDir } from "./temp-tree.js";

/**
 * Creates and loads a registry for `<temp>/<project>`; `discovery` overrides discovery settings.
 * @example await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "…" });
 * const registry = await openTempRegistry(temp);
 */
export async function openTempRegistry(
  temp: TempDir,
  discovery: Partial<DiscoveryConfig> = {},
  project = "project",
): Promise<SkillRegistry> {
  const config = {
    ...defaultConfig,
    discovery: { ...defaultConfig.discovery, providers: { system: false }, ...discovery },
  };
  const registry = createRegistry({
    cwd: temp.join(project),
    env: isolatedEnv(temp),
    cacheFile: false,
    config,
  });
  await registry.load();
  return registry;
}
