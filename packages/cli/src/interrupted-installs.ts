/**
 * @module Skills an interrupted `add`, `update` or `remove` moved aside (`.agents/.skillset-previous-*`,
 * beside the project's and the person's skills folders) are not listed until the next such command, or
 * `install`, finishes or undoes the change. `list` and `doctor` say so rather than leave skills out
 * without a word (SPEC §15). Two small folder listings; nothing of the install stage is loaded.
 */
import { join } from "node:path";
import { fs } from "./node-fs.js";

/** Must match the install stage's name for the folders a commit moves old skills into. */
const PREVIOUS_PREFIX = ".skillset-previous-";

/** The notice for the folders of moved-aside skills in the project or HOME, or undefined when none. */
export function interruptedInstallNotice(
  projectRoot: string | undefined,
  env: Record<string, string | undefined>,
): string | undefined {
  const places = [projectRoot, env.HOME]
    .filter((base): base is string => !!base)
    .map((base) => join(base, ".agents"));
  const found: string[] = [];
  for (const agents of new Set(places)) {
    try {
      for (const name of fs.readdirSync(agents))
        if (name.startsWith(PREVIOUS_PREFIX)) found.push(join(agents, name));
    } catch {
      // No .agents there: nothing moved aside.
    }
  }
  if (found.length === 0) return undefined;
  return `An interrupted skillset add, update or remove moved skills aside (${found.join(", ")}); they are not listed until \`skillset install\` (or the next add, update or remove) finishes or undoes the change.`;
}
