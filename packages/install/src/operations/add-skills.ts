/**
 * @module `add`: fetch a source, pick skills, stage and examine them, ask for approval when they carry
 * risks or change an installed digest, then commit them and the lock in one recoverable step.
 */
import { lstatSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import { preloadFileLock } from "@skillset/core/state";
import { checkedWritePath } from "../apply/checked-write-path.js";
import { discardStaged, stagingContainer } from "../apply/commit-changes.js";
import { agentId, checkAgentConflicts, linkAgents } from "../apply/link-agents.js";
import { type InstallLimits, resolveLimits } from "../limits.js";
import { type InstallScope, resolveInstallScope } from "../lock/install-scope.js";
import type { LockEntry } from "../lock/lock-file.js";
import { type FetchedSource, fetchSource } from "../source/fetch-source.js";
import type { SourceSkill } from "../source/find-source-skills.js";
import { checkInterrupted } from "../source/interrupted.js";
import { parseSource } from "../source/parse-source.js";
import type { SourceSpec } from "../source/source-spec.js";
import { approveFindings, throwIfRefused } from "../trust/approve-findings.js";
import { loadExaminer } from "../trust/load-examiner.js";
import { hasRisks } from "../trust/summarize-risks.js";
import type { InstallIo } from "./install-io.js";
import { realOrSelf, recordLocalSource } from "./local-source-record.js";
import {
  differentAgentCopies,
  editedAgentCopies,
  localState,
  sameDigests,
  settleLocalState,
} from "./local-state.js";
import { type Candidate, changesRisk, discardCandidates, stageCandidates } from "./stage-candidates.js";
import { commitCandidates, withLockFile } from "./with-lock-file.js";

export interface AddOptions {
  source: string;
  cwd: string;
  env: Record<string, string | undefined>;
  global?: boolean;
  /** Skill names to pick; with none and without `all`, a single-skill source is taken whole. */
  skills?: string[];
  all?: boolean;
  agents?: string[];
  copy?: boolean;
  /** Replace a same-named skill from another source (or an unrecorded folder). */
  force?: boolean;
  limits?: Partial<InstallLimits>;
  /** Judge by the base specification alone: the fields skillset honours beyond it are unexpected too. */
  specOnly?: boolean;
  io: InstallIo;
  /** Aborted when the person interrupts: fetching stops and the fetched files are removed. */
  signal?: AbortSignal;
}

export interface AddResult {
  scope: InstallScope;
  installed: Candidate[];
  /** Lines about what was replaced or linked. */
  notes: string[];
}

/** Installs skills from `options.source`. Throws `SkillsetError` (nothing changed) on any refusal. */
export async function addSkills(options: AddOptions): Promise<AddResult> {
  // The lock records skillset's id of each agent, whichever name was given.
  if (options.agents) options = { ...options, agents: [...new Set(options.agents.map(agentId))] };
  const limits = resolveLimits(options.limits);
  const scope = await resolveInstallScope(options);
  const spec = parseSource(options.source, {
    cwd: options.cwd,
    base: scope.base,
    env: options.env,
    isFolder: (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false,
    isFile: (path) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false,
  });
  // A fetched source lands in the staging area, beside the skills: its skill folders then move into place
  // without being copied, even where the temp folder is on another file system.
  const workDir = spec.type === "local" ? undefined : await stagingContainer(scope);
  const cleanUp = () => (workDir ? discardStaged(scope, workDir) : Promise.resolve());
  const fetching = fetchSource(spec, {
    limits,
    env: options.env,
    wanted: new Set(options.skills ?? []),
    progress: options.io.progress,
    ...(workDir ? { workDir } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // Loaded while the source is fetched (a failure to load shows where it is awaited).
  loadExaminer().catch(() => {});
  preloadFileLock();
  const fetched = await fetching.catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  try {
    const picked = await pickSkills(fetched, options);
    const candidates = await stageCandidates(
      fetched,
      picked,
      scope,
      limits,
      (skill) => lockFields(spec, fetched, skill, options.agents),
      // The fetched copy is removed afterwards: its skill folders can be moved instead of copied.
      { move: fetched.temporary, specOnly: options.specOnly === true },
    );
    checkInterrupted(options.signal);
    let committed = false;
    try {
      return await withLockFile(scope, async (lock, assertHeld) => {
        const notes = await checkCollisions(candidates, lock.skills, spec, scope, {
          force: options.force === true,
          env: options.env,
        });
        // A skill added again keeps the agents it was linked for: the lock's list grows (`remove` takes
        // the links away with the skill; a list dropped here would leave them behind).
        for (const candidate of candidates) {
          const agents = new Set([...(candidate.previous?.agents ?? []), ...(options.agents ?? [])]);
          if (agents.size > 0) candidate.entry.agents = [...agents];
        }
        notes.push(...(await differentCopies(candidates, scope, options.env)));
        // Every place this add writes is checked before anyone is asked and before anything is committed:
        // a refusal leaves the tree and the lock as they were (all or nothing).
        for (const candidate of candidates)
          await checkAgentConflicts(candidate.name, candidate.entry.agents ?? [], scope, {
            env: options.env,
            replaceFolders: options.force === true || (candidate.previous?.agents?.length ?? 0) > 0,
          });
        for (const candidate of candidates) await options.io.review(candidate);
        throwIfRefused(await approveFindings(candidates, options.io));
        // Like with like: an entry of vercel's CLI has no `integrity`, and is not "changed" for lack of one.
        const changed = candidates.filter(
          (candidate) => !candidate.previous || !sameDigests(candidate.previous, candidate.entry),
        );
        const risky = candidates.filter((candidate) => hasRisks(candidate.examination.risks));
        const needsApproval =
          risky.length > 0 || changed.some((candidate) => candidate.previous !== undefined);
        if (
          needsApproval &&
          !(await options.io.approve(`Install ${candidates.map((c) => c.name).join(", ")}?`, {
            defaultAnswer: !candidates.some(changesRisk),
          }))
        )
          throw new SkillsetError(
            "install-not-approved",
            "Not approved; nothing was installed. Re-run with --yes to approve.",
          );
        await commitCandidates(scope, lock, candidates, assertHeld);
        committed = true;
        // The person named this folder: `update` and `install` may read it again (local-source-record.ts).
        const folder = localFolderOf(spec);
        if (folder) await recordLocalSource(scope, folder);
        for (const candidate of candidates) {
          if (candidate.entry.agents?.length)
            notes.push(
              ...(await linkAgents(candidate.name, candidate.target, candidate.entry.agents, scope, {
                env: options.env,
                replaceFolders: options.force === true || (candidate.previous?.agents?.length ?? 0) > 0,
                ...(options.copy ? { copy: true } : { keepCopies: true }),
              })),
            );
        }
        return { scope, installed: candidates, notes };
      });
    } finally {
      // After the commit nothing is left in staging (the commit moved it all in place and tidied up).
      if (!committed) await discardCandidates(scope, candidates);
    }
  } finally {
    await fetched.dispose();
    await cleanUp();
  }
}

/** The folder a local (or `file://` git) source reads, or undefined for a network source. */
function localFolderOf(spec: SourceSpec): string | undefined {
  if (spec.type === "local") return spec.location;
  if (spec.type === "git" && /^file:\/\//i.test(spec.location)) {
    try {
      return fileURLToPath(spec.location);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The skills asked for, or every skill, or the only one, or a person's choice; else a clear refusal. */
async function pickSkills(fetched: FetchedSource, options: AddOptions): Promise<SourceSkill[]> {
  const available = fetched.skills;
  const names = available.map((skill) => skill.name);
  const duplicates = names.filter((name, index) => names.indexOf(name) !== index);
  // Names come from the source's frontmatter: shown inert in every message; a name two skills share is
  // shown with each one's folder (what `--skill` then takes).
  const listed = available
    .map((skill) =>
      duplicates.includes(skill.name)
        ? `${inertForTerminal(skill.name)} (${inertForTerminal(skill.path)})`
        : inertForTerminal(skill.name),
    )
    .join(", ");
  let picked: SourceSkill[];
  // `--skill` takes a name, or the skill's folder in the source (to pick one of two of a name).
  const wanted = options.skills ?? [];
  if (wanted.length > 0) {
    const missing = wanted.filter(
      (want) => !available.some((skill) => skill.name === want || skill.path === want),
    );
    if (missing.length > 0)
      throw new SkillsetError(
        "install-skill-not-found",
        `${fetched.spec.source} has no skill named ${missing.map((name) => inertForTerminal(name)).join(", ")}. It has: ${listed}.`,
      );
    picked = available.filter((skill) => wanted.includes(skill.name) || wanted.includes(skill.path));
  } else if (options.all || available.length === 1) {
    picked = available;
  } else {
    const chosen = await options.io.choose(available);
    if (!chosen)
      throw new SkillsetError(
        "install-choose-skills",
        `${fetched.spec.source} has ${available.length} skills: pass --skill NAME (repeatable) or --all. Skills: ${listed}.`,
      );
    picked = available.filter((skill) => chosen.includes(skill.name));
  }
  // Two skills of one name would be installed into one folder: one of them must be picked by its folder.
  const clash = picked.find(
    (skill) =>
      picked.some((other) => other !== skill && other.name === skill.name) ||
      (duplicates.includes(skill.name) && !wanted.includes(skill.path)),
  );
  if (clash)
    throw new SkillsetError(
      "install-duplicate-name",
      `${fetched.spec.source} has more than one skill named ${inertForTerminal(clash.name)}; pick one by its folder: ${available
        .filter((skill) => skill.name === clash.name)
        .map((skill) => `--skill ${inertForTerminal(skill.path)}`)
        .join(" or ")}.`,
    );
  if (picked.length === 0)
    throw new SkillsetError("install-choose-skills", "No skill picked; nothing was installed.");
  return picked;
}

/**
 * The lock's `source` for `spec`, as vercel's CLI writes it: a github source is the repository
 * (`owner/repo`), the folder inside it is in `skillPath` (vercel's CLI would clone `owner/repo/path` as a
 * repository). Every other source as given.
 */
function lockSource(spec: SourceSpec): string {
  return spec.type === "github" && spec.subpath && spec.source.endsWith(`/${spec.subpath}`)
    ? spec.source.slice(0, -(spec.subpath.length + 1))
    : spec.source;
}

function lockFields(
  spec: SourceSpec,
  fetched: FetchedSource,
  skill: SourceSkill,
  agents: readonly string[] | undefined,
): Omit<LockEntry, "computedHash" | "integrity"> {
  const fields: Omit<LockEntry, "computedHash" | "integrity"> = {
    source: lockSource(spec),
    // What vercel's CLI clones (it writes `sourceUrl` for git sources only, and needs it to fetch one).
    ...(spec.type === "git" ? { sourceUrl: spec.location } : {}),
    sourceType: spec.type,
    resolved: spec.type === "local" ? spec.source : fetched.resolved,
    skillPath: skill.path,
  };
  if (spec.ref) fields.ref = spec.ref;
  if (agents && agents.length > 0) fields.agents = [...agents];
  return fields;
}

/**
 * A warning for each agent's folder of this scope that already holds a different skill of a candidate's
 * name, said before the add makes the name ambiguous. Folders this add links into are left out: it
 * replaces those.
 */
async function differentCopies(
  candidates: readonly Candidate[],
  scope: InstallScope,
  env: Record<string, string | undefined>,
): Promise<string[]> {
  const warnings: string[] = [];
  for (const candidate of candidates)
    for (const { agent, folder } of await differentAgentCopies(candidate.name, candidate.entry, scope, env))
      warnings.push(
        `Warning: ${folder} holds a different skill named ${candidate.name}; both are in the ${scope.kind === "project" ? "repo" : "user"} scope, so '${candidate.name}' will name two skills and be ambiguous. Remove one, or replace it with a link to this install (skillset add … --agent ${agent} --force).`,
      );
  return warnings;
}

/**
 * Refuses a name taken by another source (or an unrecorded folder), or an installed copy edited since it
 * was installed (as `update` does), unless forced; says what is replaced.
 */
async function checkCollisions(
  candidates: Candidate[],
  installed: Record<string, LockEntry>,
  spec: SourceSpec,
  scope: InstallScope,
  { force, env }: { force: boolean; env: Record<string, string | undefined> },
): Promise<string[]> {
  const notes: string[] = [];
  for (const candidate of candidates) {
    const existing = installed[candidate.name];
    if (existing) candidate.previous = existing;
    const editedCopies =
      existing && !force ? await editedAgentCopies(candidate.name, existing, scope, env) : [];
    if (editedCopies.length > 0)
      throw new SkillsetError(
        "install-local-edits",
        `Refused: ${editedCopies.join(", ")} ${editedCopies.length === 1 ? "was" : "were"} edited since ${candidate.name} was installed, and adding it from ${spec.source} again would overwrite the edits. Nothing was installed. Pass --force to overwrite them (\`skillset check\` shows what drifted).`,
      );
    const state = existing
      ? await settleLocalState(
          await localState(candidate.name, existing, scope, env),
          candidate.name,
          existing,
          scope,
          env,
          candidate.examination,
        )
      : "missing";
    if (!force && (state === "edited" || state === "unverified"))
      throw new SkillsetError(
        "install-local-edits",
        `Refused: ${candidate.target} ${state === "edited" ? "was edited since it was installed" : "cannot be verified (the lock has no integrity: vercel's CLI wrote it; and the source no longer has its computedHash)"}, and adding ${candidate.name} from ${spec.source} again would overwrite ${state === "edited" ? "the edits" : "it"}. Nothing was installed. Pass --force to overwrite ${state === "edited" ? "the edits" : "it"} (\`skillset check\` shows what drifted).`,
      );
    // An entry skillset wrote before recorded a github folder in `source` (`owner/repo/path`): the same.
    // A local folder is the same source however it is spelled (vercel's CLI records absolute paths).
    const sameSource =
      existing &&
      existing.sourceType === spec.type &&
      (existing.source === lockSource(spec) ||
        existing.source === spec.source ||
        (spec.type === "local" &&
          realOrSelf(resolve(scope.base, existing.source)) === realOrSelf(spec.location)));
    const unrecorded =
      !existing &&
      lstatSync(checkedWritePath(candidate.target, scope.writeRoots), { throwIfNoEntry: false }) !==
        undefined;
    if (sameSource || (!existing && !unrecorded)) continue;
    const what = existing
      ? `${candidate.name} installed from ${existing.source} (${existing.sourceType})`
      : `the folder ${candidate.target}, which skillset did not install`;
    if (!force)
      throw new SkillsetError(
        "install-name-collision",
        `Refused: ${candidate.name} from ${spec.source} would replace ${what}. Nothing was installed. Pass --force to replace it, or remove it first.`,
      );
    notes.push(`Replaced ${what}.`);
  }
  return notes;
}
