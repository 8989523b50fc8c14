/**
 * @module Puts staged skill folders in place and writes the lock so that disk and lock always agree, even
 * when the process is killed at any instant (SPEC §14, §15).
 *
 * A journal records the old lock text and each swap before anything moves. Then each old folder is renamed
 * aside, each staged one renamed into place, the new lock written atomically, and the journal deleted: that
 * deletion is the commit point. `recoverInterrupted` (run under the state lock before every change) rolls
 * an unfinished commit back to the old folders and the old lock.
 *
 * The journal, and the record of every folder skillset makes beside the skills, live in the person's own
 * state folder (`scope.bookkeepingDir`), never in the project: a clone can commit
 * `.agents/.skillset-staging/journal.json` naming `~/.bashrc`, or a link there to `../..`, and nothing
 * here reads or deletes through it. The journal holds only names; recovery rebuilds every path inside the
 * scope's own folders, and every write is checked by `checkedWritePath` right before it happens.
 */
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, renameSync } from "node:fs";
import { mkdir, readdir, readFile, rm, rmdir, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import { isSameOrInside } from "@skillset/core/fs";
import { SkillsetError } from "@skillset/core/model";
import { writeFileAtomic } from "@skillset/core/state";
import type { InstallScope } from "../lock/install-scope.js";
import { readLockText } from "../lock/read-lock.js";
import { assertFolderName, folderNameProblem } from "../lock/skill-folder-name.js";
import { checkedWritePath } from "./checked-write-path.js";

/** One folder change: `staged` replaces (or creates) `target`; without `staged`, `target` is removed. */
export interface FolderSwap {
  target: string;
  staged?: string;
}

/** The journal: names only, each turned back into a path inside the scope's folders on recovery. */
interface Journal {
  version: 1;
  /** The lock's text before the change; null when there was none. */
  oldLock: string | null;
  /** The folder in `stagingDir` that old skill folders are moved into, each under its own name. */
  aside: string;
  /** `name`: the skill folder in `skillsDir` (and in `aside`); `staged`: a path relative to `stagingDir`. */
  swaps: Array<{ name: string; staged?: string }>;
}

const JOURNAL = "journal.json";
/** The folder in `bookkeepingDir` holding one empty marker per folder this person's skillset made. */
const OWNED = "owned";
const STAGED_PREFIX = ".skillset-staged-";
const PREVIOUS_PREFIX = ".skillset-previous-";
/** A folder skillset makes beside the skills: prefix, the pid of the process that made it, random hex. */
const OWNED_NAME = /^\.skillset-(?:staged|previous)-(\d+)-[0-9a-f]{16}$/;

/**
 * A fresh path `<staging>/<name>` inside a new staging folder for a skill being copied in (the folder
 * keeps the skill's name, which strict validation checks). Remove it with `discardStaged`.
 */
export async function stagingFolder(scope: InstallScope, name: string): Promise<string> {
  assertFolderName(name, "staging");
  return join(await stagingContainer(scope), name);
}

/**
 * A fresh, empty `.agents/.skillset-staged-<pid>-<random>` folder, recorded in the person's bookkeeping
 * before it is made: skills with different names can be staged side by side in it (`discardStaged`
 * removes it with all of them). Made with a plain `mkdir`, which fails on anything already there.
 */
export async function stagingContainer(scope: InstallScope): Promise<string> {
  const name = ownedName(STAGED_PREFIX);
  await recordOwned(scope, name);
  const { stagingDir, writeRoots } = scope;
  const container = join(stagingDir, name);
  await inFolderMadeNow(
    () => checkedWritePath(stagingDir, writeRoots),
    () => mkdir(checkedWritePath(container, writeRoots)),
  );
  return container;
}

/** Removes a staging container (see `stagingContainer`) with every skill staged in it, none committed. */
export async function discardStaged(scope: InstallScope, container: string): Promise<void> {
  const name = basename(container);
  if (dirname(container) !== scope.stagingDir || !OWNED_NAME.test(name))
    throw new Error(`discardStaged: ${container} is not a staging folder of ${scope.stagingDir}`);
  await rm(checkedWritePath(container, scope.writeRoots), { recursive: true, force: true });
  await forgetOwned(scope, name);
  await tidyUp(scope);
}

/**
 * Applies `swaps` and writes `lockText` as one recoverable step. Call under the scope's state lock.
 * Each `target` must be a folder in `scope.skillsDir` and each `staged` a folder inside one of this
 * process's staging folders. `afterStep` is called after each durable step (for tests that stop the commit
 * there, as a kill would).
 */
export async function commitChanges(
  scope: InstallScope,
  swaps: readonly FolderSwap[],
  lockText: string,
  afterStep: (step: string) => void = () => {},
): Promise<void> {
  const roots = scope.writeRoots;
  const journal: Journal = {
    version: 1,
    oldLock: await readLockText(scope.lockPath, scope),
    aside: ownedName(PREVIOUS_PREFIX),
    swaps: swaps.map((swap) => ({
      name: swapName(scope, swap.target),
      ...(swap.staged ? { staged: stagedPath(scope, swap.staged) } : {}),
    })),
  };
  // Refused before anything is made or moved: a link out of the scope at `.agents`, `.agents/skills` or
  // a skill folder (see `leafChecked`).
  checkedWritePath(scope.skillsDir, roots);
  checkedWritePath(scope.stagingDir, roots);
  for (const swap of journal.swaps) leafChecked(scope, swap.name);
  // One folder for every old folder of this commit: one record, one removal, however many skills.
  await recordOwned(scope, journal.aside);
  const aside = join(scope.stagingDir, journal.aside);
  await inFolderMadeNow(
    () => checkedWritePath(scope.stagingDir, roots),
    () => mkdir(checkedWritePath(aside, roots)),
  );
  await mkdir(checkedWritePath(scope.skillsDir, roots), { recursive: true });
  const journalPath = join(scope.bookkeepingDir, JOURNAL);
  await writeFileAtomic(journalPath, JSON.stringify(journal));
  afterStep("journal written");
  // Synchronous: one rename costs less than the promise and thread-pool round trip around it, and an
  // `add --all` makes hundreds of them. The folders above were checked just now and are this process's
  // own (the aside folder, the staging folders) or the skills folder; each skill folder is checked again
  // right before it moves.
  checkedWritePath(scope.skillsDir, roots);
  for (const swap of journal.swaps) {
    const { target, exists } = leafChecked(scope, swap.name);
    if (exists) renameSync(target, join(aside, swap.name));
    afterStep(`${target} moved aside`);
    if (swap.staged) renameSync(join(scope.stagingDir, swap.staged), target);
    afterStep(`${target} moved in`);
  }
  await writeFileAtomic(checkedWritePath(scope.lockPath, roots), lockText);
  afterStep("lock written");
  await unlink(journalPath);
  afterStep("committed");
  await rm(checkedWritePath(aside, roots), { recursive: true, force: true });
  await forgetOwned(scope, journal.aside);
  // The staged folders' containers are empty now; without them `.agents` holds only the skills.
  for (const container of new Set(
    journal.swaps.flatMap((swap) => (swap.staged ? [topFolder(swap.staged)] : [])),
  )) {
    await rmdir(checkedWritePath(join(scope.stagingDir, container), roots)).catch(() => {});
    await forgetOwned(scope, container);
  }
  await clearStaging(scope);
}

/**
 * Finishes what a killed process left: with this person's journal for this scope, restores every old
 * folder and the old lock; then removes the folders dead processes left. Returns whether a rollback
 * happened. Call under the scope's state lock.
 */
export async function recoverInterrupted(scope: InstallScope): Promise<boolean> {
  const journalPath = join(scope.bookkeepingDir, JOURNAL);
  const journal = await readJournal(journalPath, scope);
  const roots = scope.writeRoots;
  if (journal) {
    for (const swap of [...journal.swaps].reverse()) {
      const target = checkedWritePath(join(scope.skillsDir, swap.name), roots);
      const previous = checkedWritePath(join(scope.stagingDir, journal.aside, swap.name), roots);
      const staged = swap.staged && checkedWritePath(join(scope.stagingDir, swap.staged), roots);
      if (lstatSync(previous, { throwIfNoEntry: false })) {
        await rm(target, { recursive: true, force: true });
        renameSync(previous, checkedWritePath(target, roots));
      } else if (staged && !lstatSync(staged, { throwIfNoEntry: false })) {
        // The staged folder moved in but there was no old one: the target is new, so it goes.
        await rm(target, { recursive: true, force: true });
      }
    }
    if (journal.oldLock === null) await rm(checkedWritePath(scope.lockPath, roots), { force: true });
    else await writeFileAtomic(checkedWritePath(scope.lockPath, roots), journal.oldLock);
    await unlink(journalPath);
  }
  await clearStaging(scope);
  return journal !== undefined;
}

/** Whether this person's commit in this scope was interrupted (a journal is waiting): read-only, for `check`. */
export async function hasInterruptedCommit(scope: InstallScope): Promise<boolean> {
  return (await readJournal(join(scope.bookkeepingDir, JOURNAL), scope)) !== undefined;
}

/**
 * The journal (undefined when there is none). One that cannot be read as this code writes it (names only,
 * each a plain folder name) throws `install-journal-invalid`: taken for "no journal", the next command
 * would delete the old folders it names as leftovers, and with them the skills a crash moved aside.
 */
async function readJournal(path: string, scope: InstallScope): Promise<Journal | undefined> {
  const invalid = (why: string) =>
    new SkillsetError(
      "install-journal-invalid",
      `${path} is not an install journal skillset can read (${why}), so nothing was rolled back or deleted: the skills an interrupted command moved aside are kept in ${scope.stagingDir} (folders named ${PREVIOUS_PREFIX}…). Copy back any you need, then move the journal away and run the command again.`,
      { path },
    );
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw invalid(`it cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid("it is not valid JSON");
  }
  const journal = value as Partial<Journal>;
  const valid =
    journal?.version === 1 &&
    (journal.oldLock === null || typeof journal.oldLock === "string") &&
    typeof journal.aside === "string" &&
    journal.aside.startsWith(PREVIOUS_PREFIX) &&
    OWNED_NAME.test(journal.aside) &&
    Array.isArray(journal.swaps) &&
    journal.swaps.every(
      (swap) =>
        typeof swap?.name === "string" &&
        folderNameProblem(swap.name) === undefined &&
        (swap.staged === undefined || (typeof swap.staged === "string" && isStagedPath(swap.staged))),
    );
  if (!valid) throw invalid("its fields are not the ones skillset writes");
  return journal as Journal;
}

/**
 * Removes what no running process needs: folders this person's skillset recorded making beside the skills,
 * old folders moved aside (only a commit, under the lock, uses them) and staging folders whose process is
 * gone (a live process stages before it takes the lock, so its folders stay). Folders it did not record
 * (a committed `.skillset-staging`, or one named like ours) are never touched.
 */
async function clearStaging(scope: InstallScope): Promise<void> {
  const owned = join(scope.bookkeepingDir, OWNED);
  const names = await readdir(owned).catch(() => [] as string[]);
  for (const name of names) {
    const owner = OWNED_NAME.exec(name)?.[1];
    if (owner !== undefined && name.startsWith(STAGED_PREFIX) && isAlive(Number(owner))) continue;
    if (owner !== undefined)
      await rm(checkedWritePath(join(scope.stagingDir, name), scope.writeRoots), {
        recursive: true,
        force: true,
      });
    await unlink(join(owned, name)).catch(() => {});
  }
  await tidyUp(scope);
}

/**
 * Removes what is empty now: the records folder, the bookkeeping folder and the folders above it this
 * process created, and `.agents`: a refused install leaves no trace, in the project or in HOME.
 */
async function tidyUp(scope: InstallScope): Promise<void> {
  if (!(await removeEmpty(join(scope.bookkeepingDir, OWNED)))) return;
  const first = createdFrom.get(scope.bookkeepingDir);
  for (let dir = scope.bookkeepingDir; first !== undefined && isSameOrInside(dir, first); dir = dirname(dir))
    if (!(await removeEmpty(dir))) break;
  if (first !== undefined && !existsSync(first)) createdFrom.delete(scope.bookkeepingDir);
  await removeEmpty(checkedWritePath(scope.stagingDir, scope.writeRoots));
}

async function removeEmpty(dir: string): Promise<boolean> {
  return rmdir(dir).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code === "ENOENT",
  );
}

/** The first folder this process created on the way to each bookkeeping folder (what `tidyUp` may remove). */
const createdFrom = new Map<string, string>();

/** Records `name` (a folder about to be made in `stagingDir`) in the person's bookkeeping. */
async function recordOwned(scope: InstallScope, name: string): Promise<void> {
  const owned = join(scope.bookkeepingDir, OWNED);
  await inFolderMadeNow(
    () => owned,
    () => writeFile(join(owned, name), "", { flag: "wx" }),
    { mode: 0o700 },
    (first) => {
      if (first !== undefined && !createdFrom.has(scope.bookkeepingDir))
        createdFrom.set(scope.bookkeepingDir, first);
    },
  );
}

/**
 * Makes `folder()` (with its parents) and runs `step`, which makes something in it. Processes of one person
 * share the staging and bookkeeping folders, and one tidying up removes them when empty without taking the
 * lock (`tidyUp`): between our `mkdir` and our `step` the folder can be gone (ENOENT). Then it is made
 * again and the step retried (up to ten times); any other failure, or the last ENOENT, is thrown. `folder`
 * and the step check their paths on every attempt (a write target is checked right before it is made).
 */
async function inFolderMadeNow<T>(
  folder: () => string,
  step: () => Promise<T>,
  options: { mode?: number } = {},
  made: (first: string | undefined) => void = () => {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      // A parent removed while `mkdir -p` makes the next level fails it with ENOENT too.
      made(await mkdir(folder(), { recursive: true, ...options }));
      return await step();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || attempt >= 10) throw error;
    }
  }
}

async function forgetOwned(scope: InstallScope, name: string): Promise<void> {
  await unlink(join(scope.bookkeepingDir, OWNED, name)).catch(() => {});
}

function ownedName(prefix: string): string {
  return `${prefix}${process.pid}-${randomBytes(8).toString("hex")}`;
}

/**
 * `<skillsDir>/<name>` and whether something is there: one `lstat`, plus the whole check of
 * `checkedWritePath` when it is a link (a committed `.agents/skills/x -> ~/.ssh` is refused).
 */
function leafChecked(scope: InstallScope, name: string): { target: string; exists: boolean } {
  const target = join(scope.skillsDir, name);
  const info = lstatSync(target, { throwIfNoEntry: false });
  if (info?.isSymbolicLink()) checkedWritePath(target, scope.writeRoots);
  return { target, exists: info !== undefined };
}

/** The skill folder name of `target`, which must be a folder directly in `scope.skillsDir`. */
function swapName(scope: InstallScope, target: string): string {
  const name = basename(target);
  if (dirname(target) !== scope.skillsDir || folderNameProblem(name) !== undefined)
    throw new SkillsetError(
      "install-unsafe-path",
      `Refused to change ${target}: it is not a skill folder in ${scope.skillsDir}. Nothing was changed.`,
    );
  return name;
}

/** `staged` relative to `scope.stagingDir` (`<staging folder>/<skill>`), or a refusal. */
function stagedPath(scope: InstallScope, staged: string): string {
  const path = relative(scope.stagingDir, staged).split(sep).join("/");
  if (!isStagedPath(path))
    throw new SkillsetError(
      "install-unsafe-path",
      `Refused to install from ${staged}: it is not in a staging folder of ${scope.stagingDir}. Nothing was changed.`,
    );
  return path;
}

function isStagedPath(path: string): boolean {
  const [container, name, ...rest] = path.split("/");
  return (
    rest.length === 0 &&
    container !== undefined &&
    container.startsWith(STAGED_PREFIX) &&
    OWNED_NAME.test(container) &&
    name !== undefined &&
    folderNameProblem(name) === undefined
  );
}

function topFolder(path: string): string {
  return path.split("/")[0]!;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
