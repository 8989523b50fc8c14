export { corpusDir, listSkillFiles } from "./corpus.js";
export { createTempDir, renderSkillFile, type TempDir } from "./temp-tree.js";
