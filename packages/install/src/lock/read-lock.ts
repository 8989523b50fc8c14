/**
 * @module Reads a scope's lock. A lock that cannot be read is never overwritten: read-only commands
 * report it; writing commands first move it aside (`skills-lock.json.corrupt-<time>`) so nothing is lost.
 */
import { readFile, rename } from "node:fs/promises";
import { SkillsetError } from "@skillset/core/model";
import { emptyLock, type LockFile, parseLock } from "./lock-file.js";

/** The lock at `path` (empty when absent); throws `install-lock-corrupt` when it cannot be parsed. */
export async function readLock(
  path: string,
  options: { moveAsideWhenCorrupt?: boolean } = {},
): Promise<LockFile> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyLock();
    throw error;
  }
  const { lock, problem } = parseLock(text);
  if (lock) return lock;
  if (!options.moveAsideWhenCorrupt)
    throw new SkillsetError(
      "install-lock-corrupt",
      `${path} is not a valid lock file: ${problem}. Fix it by hand, or run \`skillset add\` or \`skillset install\`, which move it aside first.`,
      { path },
    );
  const aside = `${path}.corrupt-${new Date().toISOString().replace(/[:.]/g, "-")}`;
  await rename(path, aside);
  throw new SkillsetError(
    "install-lock-corrupt",
    `${path} is not a valid lock file (${problem}); moved it to ${aside} (nothing deleted). Re-add the skills it listed, or repair it and move it back.`,
    { path },
  );
}
