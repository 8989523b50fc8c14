/**
 * @module One `state.json` file (SPEC §6): lock-free reads, and updates that re-read under a lock, apply
 * a change and write atomically, so that no concurrent writer loses a setting and a crash loses nothing.
 */

import { parseJsonText } from "../config/parse-json-text.js";
import { describeReadFailure } from "../fs/describe-read-failure.js";
import { NOT_REGULAR_CODE } from "../fs/file-kind.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { readCappedText, TOO_LARGE_CODE } from "../fs/read-capped-text.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { SkillsetError } from "../model/errors.js";
import { describeSchemaIssue } from "../model/schema/schema-issue-text.js";
import type { SchemaIssue } from "../model/schema/value-schema.js";
import { checkedWritePath } from "./checked-write-path.js";
import { emptyState, normalizeState, serializeState } from "./normalize-state.js";
import type { SkillsetState } from "./state-schema.js";
import { withFileLock } from "./with-file-lock.js";
import { removeStaleTempFiles, writeFileAtomic } from "./write-file-atomic.js";

/** The state read from a file, with what was wrong with it. */
export interface StateReadResult {
  state: SkillsetState;
  diagnostics: Diagnostic[];
}

/** The result of `StateStore.change`. */
export interface StateChange {
  /** The state now on disk. */
  state: SkillsetState;
  /**
   * The state read under the lock, before the mutation (what was legible when the file was damaged;
   * empty when there was none): `state` differs from it by this change alone, not by other writers'.
   */
  previous: SkillsetState;
  /** False when the change was a no-op and the file was left untouched. */
  changed: boolean;
  /** E.g. `state-corrupt` when a damaged file was moved aside before writing. */
  diagnostics: Diagnostic[];
}

/** A mutation: change the draft in place, or return a new state. */
// biome-ignore lint/suspicious/noConfusingVoidType: lets a mutation be a block that edits the draft in place.
export type StateMutation = (state: SkillsetState) => SkillsetState | void;

/** Reads and updates one state file. */
export interface StateStore {
  readonly file: string;
  /**
   * Reads the file without locking (writes are atomic, so it is always whole). Missing: empty state, no
   * diagnostic. Damaged: the settings still legible in it, and an error diagnostic `state-corrupt`; the
   * file is not touched. Written by a newer version: empty state and `state-unsupported-version`.
   */
  read(): Promise<StateReadResult>;
  /** Like `change`, returning only the new state. */
  update(mutate: StateMutation): Promise<SkillsetState>;
  /**
   * Under the file lock: re-reads the file, applies `mutate` to a copy, and writes the result atomically
   * when it differs: through a symbolic link to a whole state file, to the file it points to (atomically,
   * beside it), so a link into a dotfiles folder stays one. A damaged file (or link) is first renamed to `state.json.corrupt-<timestamp>` (never
   * overwritten) and its legible settings carried over. Throws `SkillsetError` with code
   * `state-unsupported-version`, `state-unreadable`, `state-invalid` (the mutation produced a bad state),
   * or a lock error from `withFileLock`.
   */
  change(mutate: StateMutation): Promise<StateChange>;
}

type FileRead =
  | { kind: "missing" }
  | { kind: "ok"; state: SkillsetState }
  | { kind: "corrupt"; state: SkillsetState; reason: string }
  | { kind: "unsupported"; version: unknown }
  | { kind: "unreadable"; error: unknown };

/**
 * Opens the state store for `file` (nothing is read until `read` or `change`).
 * @example await openStateStore(paths.userState).update((state) => { state.disabled.push("pdf"); });
 */
/** Options of {@link openStateStore}. */
export interface StateStoreOptions {
  fs?: FileSystem;
  /**
   * Write through a symbolic link to a whole state file (keeping it a link, as a dotfiles setup needs).
   * Only for the person's own file (the user layer): a project's state file arrives with a clone, and a
   * link there could lead to any other state file, which a project command must never write. Default false:
   * a link is replaced by a regular file.
   */
  writeThroughLink?: boolean;
  /**
   * The folder every write must stay in (a project's root, for its `.skillset/state.json`): a change is
   * refused (`write-link-outside`) when a folder on the way is a committed link that leads out of it.
   */
  writeRoot?: string;
}

export function openStateStore(file: string, options: StateStoreOptions = {}): StateStore {
  const fs = options.fs ?? nodeFileSystem;

  async function read(): Promise<StateReadResult> {
    const found = await readStateFile(file, fs);
    switch (found.kind) {
      case "missing":
        return { state: emptyState(), diagnostics: [] };
      case "ok":
        return { state: found.state, diagnostics: [] };
      case "corrupt":
        return {
          state: found.state,
          diagnostics: [
            diagnostic(
              "error",
              "state-corrupt",
              `State file ${file} is damaged (${found.reason}); applying ${describeRecovered(found.state)}. ` +
                `Fix the file, or the next enable/disable moves it to ${file}.corrupt-<timestamp> and rewrites it.`,
              file,
            ),
          ],
        };
      case "unsupported":
        return { state: emptyState(), diagnostics: [unsupportedDiagnostic(file, found.version)] };
      case "unreadable":
        return {
          state: emptyState(),
          diagnostics: [
            diagnostic(
              "error",
              "state-unreadable",
              `Cannot read state file ${file}: ${describeReadFailure(found.error)}; its settings are not ` +
                `applied. ${stateReadFix(found.error)}.`,
              file,
            ),
          ],
        };
    }
  }

  async function change(mutate: StateMutation): Promise<StateChange> {
    // Before the lock too: its folder sits beside the file. The file itself may be a link (it is replaced).
    if (options.writeRoot !== undefined) checkedWritePath(file, [options.writeRoot], { replacesLeaf: true });
    return withFileLock(file, async (assertHeld) => {
      const found = await readStateFile(file, fs);
      if (found.kind === "unsupported") {
        const problem = unsupportedDiagnostic(file, found.version);
        throw new SkillsetError(problem.code, problem.message, { path: file });
      }
      if (found.kind === "unreadable") {
        throw new SkillsetError(
          "state-unreadable",
          `Cannot read state file ${file}: ${describeReadFailure(found.error)}; nothing was changed. ` +
            `${stateReadFix(found.error)}.`,
          { path: file, cause: found.error },
        );
      }
      const current = found.kind === "missing" ? emptyState() : found.state;
      const diagnostics: Diagnostic[] = [];
      const draft = structuredClone(current);
      const next = await checkMutation(file, mutate(draft) ?? draft);
      const changed = found.kind === "corrupt" || serializeState(next) !== serializeState(current);
      if (found.kind === "corrupt") {
        const aside = await moveAside(file, fs);
        diagnostics.push(
          diagnostic(
            "error",
            "state-corrupt",
            `State file ${file} was damaged (${found.reason}); moved it to ${aside} and rewrote ${file} ` +
              `keeping ${describeRecovered(current)}. Compare the two if a setting is missing.`,
            file,
          ),
        );
      }
      // The person's own state file reached through a symbolic link (a dotfiles setup) is written where
      // the link points, so the link keeps working; anything else is written at `file` (a damaged target is
      // left beside the link moved aside, never overwritten; a project's link is replaced).
      const target = found.kind === "ok" && options.writeThroughLink ? await linkedStateFile(file, fs) : file;
      if (changed) await writeFileAtomic(target, serializeState(next), { fs, beforeRename: assertHeld });
      else await removeStaleTempFiles(target, fs);
      return { state: normalizeState(next), previous: current, changed, diagnostics };
    });
  }

  return {
    file,
    read,
    change,
    update: async (mutate) => (await change(mutate)).state,
  };
}

async function readStateFile(file: string, fs: FileSystem): Promise<FileRead> {
  let text: string;
  try {
    text = await readCappedText(fs, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? { kind: "missing" } : { kind: "unreadable", error };
  }
  // The schema and the salvage are loaded only when a state file exists (most start-ups have none).
  const [{ stateFileSchema }, { salvageState }] = await Promise.all([
    import("./state-schema.js"),
    import("./salvage-state.js"),
  ]);
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column, reason } = parsed.error;
    return {
      kind: "corrupt",
      state: salvageState(text),
      reason: `line ${line}, column ${column}: ${reason}`,
    };
  }
  const value = parsed.value as Record<string, unknown> | null;
  if (typeof value === "object" && value !== null && typeof value.version === "number" && value.version > 1) {
    return { kind: "unsupported", version: value.version };
  }
  const checked = stateFileSchema.check(value);
  if (!checked.ok) {
    const reason = describeSchemaIssue(checked.issues[0] as SchemaIssue, "the file");
    return { kind: "corrupt", state: salvageState(text), reason };
  }
  const { $schema: _ignored, ...state } = checked.value;
  return { kind: "ok", state: normalizeState(state) };
}

async function checkMutation(file: string, state: SkillsetState): Promise<SkillsetState> {
  const { stateFileSchema } = await import("./state-schema.js");
  const checked = stateFileSchema.check(state);
  if (!checked.ok) {
    const problem = describeSchemaIssue(checked.issues[0] as SchemaIssue, "the state");
    throw new SkillsetError(
      "state-invalid",
      `Refusing to write ${file}: the change produced an invalid state (${problem}). ` +
        "Keys must be non-empty strings; nothing was written.",
      { path: file, cause: checked.issues },
    );
  }
  const { $schema: _ignored, ...valid } = checked.value;
  return normalizeState(valid);
}

/** The regular file `file` is a symbolic link to, or `file` itself (not a link, or not to a regular file). */
async function linkedStateFile(file: string, fs: FileSystem): Promise<string> {
  try {
    if (!(await fs.lstat(file)).isSymbolicLink) return file;
    const real = await fs.realpath(file);
    return (await fs.stat(real)).isFile ? real : file;
  } catch {
    return file;
  }
}

/** Renames a damaged file to `<file>.corrupt-<timestamp>`, never over an existing one. */
async function moveAside(file: string, fs: FileSystem): Promise<string> {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  let target = `${file}.corrupt-${stamp}`;
  for (let n = 1; await fs.exists(target); n++) target = `${file}.corrupt-${stamp}-${n}`;
  await fs.rename(file, target);
  return target;
}

function unsupportedDiagnostic(file: string, version: unknown): Diagnostic {
  return diagnostic(
    "error",
    "state-unsupported-version",
    `State file ${file} has version ${JSON.stringify(version)}, written by a newer skillset; this one reads ` +
      "version 1. Upgrade skillset; the file was left unchanged and its settings are not applied.",
    file,
  );
}

function describeRecovered(state: SkillsetState): string {
  const count = state.disabled.length + state.enabled.length;
  return count === 1 ? "the 1 setting still legible in it" : `the ${count} settings still legible in it`;
}

/** The fix for a state file that cannot be read: skillset writes it, so a fresh one can replace it. */
function stateReadFix(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case "EISDIR":
    case NOT_REGULAR_CODE:
      return "Remove it, or replace it with a regular JSON file; the next enable or disable then writes a fresh one";
    case TOO_LARGE_CODE:
      return (
        "Move it aside and let the next enable or disable write a fresh one (a state file is a few KiB), " +
        "then enable or disable again what it held"
      );
    case "EACCES":
    case "EPERM":
      return "Give your user read and write permission on it";
    default:
      return "Check the file and the folders above it";
  }
}
