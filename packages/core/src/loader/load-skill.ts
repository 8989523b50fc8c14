/**
 * @module Loading a skill (SPEC §9): its body without frontmatter, arguments substituted, in the envelope
 * the host asked for, or a short reminder when the same version was already loaded in the session.
 * Loading never runs anything: shell preprocessing is a host hook that does nothing unless given.
 */
import type { FileStat, FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { statNow } from "../fs/sync-reads.js";
import { SkillsetError } from "../model/errors.js";
import { remoteOriginOf } from "../model/remote-origin.js";
import type { Skill } from "../model/skill.js";
import { readSkillBody } from "../parser/read-skill-body.js";
import { stampOf } from "../registry/metadata-cache.js";
import { checkSkillFile } from "./check-skill-folder.js";
import { listSkillFiles, type SkillFiles, type SkillFilesLimits } from "./list-skill-files.js";
import { checkReadSize } from "./read-limit.js";
import { deliverOnce, type ReloadTracker } from "./reload-tracker.js";
import {
  type EnvelopeName,
  renderMessageEnvelope,
  renderPreloadedEnvelope,
  renderReloadReminder,
  renderToolEnvelope,
} from "./render-envelope.js";
import { quoteArguments } from "./split-arguments.js";
import { substituteArguments } from "./substitute-arguments.js";

/**
 * Rewrites a body before arguments are substituted — the hook where a host that enables shell
 * preprocessing (`` !`command` ``, SPEC §9) plugs it in. Arguments are substituted afterwards, so
 * they never reach a shell. Throw a `SkillsetError` to abort the load with a message.
 */
export type PreprocessBody = (body: string, skill: Skill) => Promise<string>;

/** Options of `loadSkill`. */
export interface LoadOptions {
  /** Arguments: a string (split shell-style) or a list. Default: none. */
  args?: string | readonly string[];
  /** For `${SESSION_ID}`; without it the placeholder stays as written. */
  sessionId?: string;
  /** Default `tool`. */
  envelope?: EnvelopeName;
  /** The session's loads: when given, a repeated load returns a reminder instead of the body. */
  tracker?: ReloadTracker;
  /** Bounds of the `<skill_files>` list (tool envelope). */
  files?: SkillFilesLimits;
  /** Optional host hook; absent, the body is used as read. */
  preprocess?: PreprocessBody;
  /**
   * The name the envelope's `skill://` URLs address the skill by (default its qualified name). Give
   * `exactSkillName` for a skill loaded by path that a name does not mean (shadowed, ambiguous).
   */
  uriName?: string;
  fs?: FileSystem;
}

/** A loaded skill. */
export interface LoadedSkill {
  skill: Skill;
  envelope: EnvelopeName;
  /** The text to give the model: the enveloped body, or the reminder when `suppressed`. */
  text: string;
  /** The body without frontmatter, arguments substituted, before enveloping ("" when `suppressed`). */
  body: string;
  /** The arguments as split. */
  args: string[];
  /** True when this version was already loaded in the session and `text` is only a reminder. */
  suppressed: boolean;
  /** SKILL.md's modification time when it was read. */
  mtimeMs: number;
  /** The bundled-file sample (tool envelope only). */
  files?: SkillFiles;
}

/** What every loaded result carries, whatever its text. */
interface LoadBase {
  skill: Skill;
  envelope: EnvelopeName;
  mtimeMs: number;
}

/** The arguments as one text (a list quoted, so `["a b", "c"]` and `["a", "b c"]` are not one load). */
function argumentText(args: LoadOptions["args"]): string {
  return typeof args === "string" ? args.trim() : quoteArguments(args ?? []);
}

/**
 * Loads `skill`. Throws a `SkillsetError` when SKILL.md can no longer be read (`file-not-found`,
 * `file-too-large`, `encoding-invalid`, …, the parser's codes) or is over `MAX_SKILL_READ_BYTES` (256 KiB,
 * `file-too-large`: the limit `skill_read` has), when the skill folder no longer resolves
 * to the real folder discovery recorded (`path-refused`: it was replaced by a link) or SKILL.md to the
 * real path it had (`link-refused`; see `checkSkillFile`, the check `readSkillFile` makes too), or when a preprocess hook refuses.
 *
 * @example
 * const loaded = await loadSkill(entry.skill, { args: "PR 42", envelope: "tool", tracker });
 * host.addToolResult(loaded.text);
 */
export async function loadSkill(skill: Skill, options: LoadOptions = {}): Promise<LoadedSkill> {
  if (skill.origin) return loadRemoteSkill(skill, options);
  const fs = options.fs ?? nodeFileSystem;
  const envelope = options.envelope ?? "tool";
  const gone = (error: unknown) =>
    new SkillsetError("file-not-found", `${skill.path} no longer exists; it may have been removed.`, {
      path: skill.path,
      cause: error,
    });
  // Checked now, not only at discovery: the folder or SKILL.md may have been swapped for a link to another
  // place since, and then SKILL.md would be a file discovery never checked.
  const realDir = await checkSkillFile(skill, fs, `to load ${skill.path}`, gone);
  // The registry's id is SKILL.md's real path, which it still is (checked just above).
  let stat: FileStat;
  try {
    stat = await statNow(fs, skill.id);
  } catch (error) {
    throw gone(error);
  }
  if (!stat.isFile) {
    throw new SkillsetError("not-a-file", `${skill.path} is not a regular file; it is not loaded.`, {
      path: skill.path,
    });
  }
  // What skill_read refuses to give a model, a load does not inject either.
  checkReadSize(skill.path, skill.path, stat.size);
  const key = { path: skill.id, ...stampOf(stat), args: argumentText(options.args) };
  const base = { skill, envelope, mtimeMs: stat.mtimeMs };
  return deliverOnce(
    options.tracker,
    key,
    async () => {
      // The blank lines between the frontmatter and the text are not part of the instructions.
      const raw = (await readSkillBody(skill.id, fs)).replace(/^(?:[ \t]*\r?\n)+/, "");
      const files =
        envelope === "tool" ? () => listSkillFiles(skill.dir, realDir, fs, options.files) : undefined;
      return finishLoad(skill, raw, options, files, base);
    },
    () => reloadReminder(base, options),
  );
}

/**
 * A remote skill (SPEC §16): SKILL.md fetched through its origin's reader — which refuses it unless the
 * person approved its current `{uri, digest}` set, and verifies size, digest and frontmatter — and its
 * file list taken from the held entry. Reload suppression keys on the approved set, not an mtime.
 */
async function loadRemoteSkill(skill: Skill, options: LoadOptions): Promise<LoadedSkill> {
  const origin = remoteOriginOf(skill);
  if (!origin)
    throw new SkillsetError("options-invalid", `${skill.path} has an origin skillset cannot read.`);
  const envelope = options.envelope ?? "tool";
  const set =
    origin.resources === "dynamic" ? "dynamic" : origin.resources.map((each) => each.digest).join(",");
  // The version of a remote skill is its resource set: kept beside the arguments in the key.
  const key = {
    path: skill.id,
    mtimeMs: 0,
    size: 0,
    ctimeMs: 0,
    ino: 0,
    args: `${argumentText(options.args)}\u0000${set}`,
  };
  const base = { skill, envelope, mtimeMs: 0 };
  // Read (approval checked, bytes verified) before any reminder: a revoked approval gets no reminder.
  const raw = (await origin.reader.readBody(skill)).replace(/^(?:[ \t]*\r?\n)+/, "");
  const files =
    envelope === "tool"
      ? async (): Promise<SkillFiles> => {
          const listed = origin.resources === "dynamic" ? [] : origin.resources.map((each) => each.uri);
          const root = origin.uri.replace(/\/SKILL\.md$/, "/");
          const relative = listed
            .filter((uri) => uri !== origin.uri && uri.startsWith(root))
            .map((uri) => uri.slice(root.length))
            .sort();
          const max = options.files?.maxFiles ?? 10;
          return { files: relative.slice(0, max), truncated: relative.length > max };
        }
      : undefined;
  if (set === "dynamic") {
    // No version to compare: its body is delivered every time (and the load recorded, as any other).
    const loaded = await finishLoad(skill, raw, options, files, base);
    options.tracker?.add(key);
    return loaded;
  }
  return deliverOnce(
    options.tracker,
    key,
    () => finishLoad(skill, raw, options, files, base),
    () => reloadReminder(base, options),
  );
}

/** Preprocessing, arguments and the envelope: the same for every origin. */
/** A skill loaded again, unchanged, with the same arguments: a reminder in place of its body. */
function reloadReminder(base: LoadBase, options: LoadOptions): LoadedSkill {
  return {
    ...base,
    text: renderReloadReminder(base.skill, options.uriName),
    body: "",
    args: [],
    suppressed: true,
  };
}

async function finishLoad(
  skill: Skill,
  read: string,
  options: LoadOptions,
  listFiles: (() => Promise<SkillFiles>) | undefined,
  base: LoadBase,
): Promise<LoadedSkill> {
  const { envelope } = base;
  let raw = read;
  if (options.preprocess) raw = await options.preprocess(raw, skill);
  const substituted = substituteArguments(raw, {
    ...(options.args === undefined ? {} : { args: options.args }),
    ...(skill.frontmatter.arguments ? { names: skill.frontmatter.arguments } : {}),
    ...(options.sessionId === undefined ? {} : { sessionId: options.sessionId }),
    skillDir: skill.dir,
  });
  const rendered = {
    skill,
    body: substituted.text,
    ...(options.uriName === undefined ? {} : { uriName: options.uriName }),
  };
  const loaded: LoadedSkill = {
    ...base,
    text: "",
    body: substituted.text,
    args: substituted.args,
    suppressed: false,
  };
  if (envelope === "message") loaded.text = renderMessageEnvelope(rendered);
  else if (envelope === "preloaded") loaded.text = renderPreloadedEnvelope([rendered]);
  else {
    loaded.files = listFiles ? await listFiles() : { files: [], truncated: false };
    loaded.text = renderToolEnvelope(rendered, loaded.files);
  }
  return loaded;
}
