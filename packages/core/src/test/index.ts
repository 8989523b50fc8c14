export { type EntryFixture, makeEntry, makeSkill } from "./make-skill.js";
export { openTempRegistry } from "./open-temp-registry.js";
export { openTempSkillset } from "./open-temp-skillset.js";
export { reachableModules, staticImports } from "./static-imports.js";
export { createTempProject, TEMP_PROJECT_CONFIG } from "./temp-project.js";
export { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "./temp-tree.js";
export { writeMarkedSkill } from "./write-marked-skill.js";
