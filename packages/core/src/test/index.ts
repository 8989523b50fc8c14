export { corpusDir, listSkillFiles } from "./corpus.js";
export { type EntryFixture, makeEntry, makeSkill } from "./make-skill.js";
export { createTempDir, isolatedEnv, renderSkillFile, type TempDir } from "./temp-tree.js";
