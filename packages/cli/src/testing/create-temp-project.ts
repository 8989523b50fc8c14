/**
 * @module A temp directory holding a project for CLI tests, the way most commands see one.
 */
import { createTempDir, type TempDir } from "@skillset/core/test";

/**
 * Creates a temp dir with `project/`, a git repository root whose `.skillset/config.json` switches the
 * bundled system skills off (they would make the output depend on the package). Run the CLI in
 * `temp.join("project")` with `isolatedEnv(temp)`, so user skills go under `home/`.
 */
export async function createTempProject(prefix: string): Promise<TempDir> {
  const temp = await createTempDir(prefix);
  await temp.write({
    "project/.git/HEAD": "ref: refs/heads/main\n",
    "project/.skillset/config.json": JSON.stringify({ discovery: { providers: { system: false } } }),
  });
  return temp;
}
