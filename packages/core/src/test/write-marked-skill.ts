/**
 * @module A skill that says where it lives: its body and `references/guide.md` name its folder, so a test
 * can tell which of several same-named skills a read or a load reached.
 */
import type { TempDir } from "./temp-tree.js";

/**
 * Writes `<dir>/SKILL.md` (body `BODY OF <dir>`) and `<dir>/references/guide.md` (`GUIDE OF <dir>`).
 * @example await writeMarkedSkill(temp, "project/.agents/skills/alpha", "alpha");
 */
export async function writeMarkedSkill(temp: TempDir, dir: string, name: string): Promise<void> {
  await temp.write({ [`${dir}/references/guide.md`]: `GUIDE OF ${dir}\n` });
  await temp.writeSkill(dir, { name, description: `Use when testing ${name}.` }, `BODY OF ${dir}\n`);
}
