/**
 * @module Which folders outside a project the person chose as local sources for it (SPEC §14, §15). A
 * committed lock may name `../../../home/me/.claude/skills`; `update --yes` would then copy the person's
 * private skills into the project. So a lock's local source outside the project is used only when this
 * person once added from that folder in this project themselves (`skillset add ../src`): `add` records its
 * real path in their own bookkeeping folder, which no repository provides.
 */
import { readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { isSameOrInside } from "@skillset/core/fs";
import { SkillsetError } from "@skillset/core/model";
import { writeFileAtomic } from "@skillset/core/state";
import type { InstallScope } from "../lock/install-scope.js";

const RECORD = "local-sources.json";

/** The real path of `path`, or `path` itself when it does not exist (then nothing can be read there). */
export function realOrSelf(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

/** Whether a lock in `scope` may read the folder `path`: inside the project, recorded, or the user scope. */
export function mayReadLocalSource(
  scope: InstallScope,
  path: string,
  recorded: () => ReadonlySet<string>,
): boolean {
  if (scope.kind === "user") return true;
  const real = realOrSelf(path);
  // The record is read only for a folder outside the project: a lock naming none never needs it.
  return isSameOrInside(real, realOrSelf(scope.base)) || recorded().has(real);
}

/** The folders outside the project this person added from (real paths); empty when none. A damaged record throws `state-invalid`, naming it. */
export function recordedLocalSources(scope: InstallScope): Set<string> {
  const file = join(scope.bookkeepingDir, RECORD);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return new Set();
    throw damagedRecord(file, `it cannot be read: ${(error as NodeJS.ErrnoException).code}`);
  }
  // Read as empty, a damaged record would refuse every folder the person added from (and suggest
  // removing their skills), then be written over with one folder: said instead, naming the file.
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw damagedRecord(file, "it is not valid JSON");
  }
  if (!Array.isArray(value) || !value.every((item) => typeof item === "string"))
    throw damagedRecord(file, "it is not a list of folder paths");
  return new Set(value);
}

function damagedRecord(file: string, why: string): SkillsetError {
  return new SkillsetError(
    "state-invalid",
    `${file}, the folders outside the project you added skills from, cannot be used (${why}); nothing was changed. Fix it by hand (a JSON list of folder paths), or delete it and run \`skillset add <folder>\` again for each folder.`,
    { path: file },
  );
}

/** Records `path` (a folder the person named to `add`) when it is outside the project. Under the lock. */
export async function recordLocalSource(scope: InstallScope, path: string): Promise<void> {
  const recorded = recordedLocalSources(scope);
  if (mayReadLocalSource(scope, path, () => recorded)) return;
  recorded.add(realOrSelf(path));
  await writeFileAtomic(
    join(scope.bookkeepingDir, RECORD),
    `${JSON.stringify([...recorded].sort(), null, 2)}\n`,
  );
}
