/**
 * @module A temp directory holding a project, the way most tests of the core, the CLI and the adapters
 * see one: `project/` is a git repository root whose configuration switches the bundled system skills off
 * (they would make results depend on the package), and `home/` is HOME under `isolatedEnv`.
 */
import { createTempDir, type TempDir } from "./temp-tree.js";

/** The project configuration `createTempProject` writes; a test that writes its own config starts from it. */
export const TEMP_PROJECT_CONFIG = { discovery: { providers: { system: false } } } as const;

/**
 * Creates a temp dir with `project/.git/HEAD` and `project/.skillset/config.json` ({@link TEMP_PROJECT_CONFIG}).
 * Run in `temp.join("project")` with `isolatedEnv(temp)`; user skills go under `home/`.
 * @example const temp = await createTempProject("skillset-x-"); await temp.writeSkill("project/.agents/skills/pdf", { … });
 */
export async function createTempProject(prefix = "skillset-project-"): Promise<TempDir> {
  const temp = await createTempDir(prefix);
  await temp.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.skillset/config.json": JSON.stringify(TEMP_PROJECT_CONFIG),
  });
  return temp;
}
