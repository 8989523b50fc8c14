/**
 * @module `createSkillset` over a temp project made by `createTempProject` (so no bundled system skills),
 * for tests of sessions and of the adapters built on them: the isolated environment, no metadata cache on disk.
 */
import { type CreateSkillsetOptions, createSkillset, type Skillset } from "../session/create-skillset.js";
import { isolatedEnv, type TempDir } from "./temp-tree.js";

/**
 * Opens `<temp>/project` with `options` on top (`config` is the highest layer; `permissions`, `watch`, …).
 * @example const skills = await openTempSkillset(temp, { permissions: [{ action: "deny", skill: "secret" }] });
 */
export function openTempSkillset(
  temp: TempDir,
  options: Partial<CreateSkillsetOptions> = {},
): Promise<Skillset> {
  return createSkillset({ cwd: temp.join("project"), env: isolatedEnv(temp), cacheFile: false, ...options });
}
