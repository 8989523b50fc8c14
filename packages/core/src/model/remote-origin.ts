/**
 * @module Remote skills (SPEC §16): what a skill served by an MCP server (the MCP Skills extension,
 * SEP-2640) carries besides the common model, and the one reader through which its files are reached.
 * Core holds the shape only; the MCP client lives in `@skillset/remote`, so core keeps no network code.
 */
import type { Diagnostic } from "./diagnostic.js";
import type { Skill } from "./skill.js";

/** One file of a remote skill as its entry lists it. */
export interface RemoteResource {
  uri: string;
  /** `sha256:<64 lowercase hex>` of the file's raw bytes. */
  digest: string;
  size: number;
}

/** A file of a remote skill as read through its origin, checked against the held entry. */
export type RemoteFileContent =
  | { kind: "text"; uri: string; path: string; mediaType: string; size: number; text: string }
  | { kind: "binary"; uri: string; path: string; mediaType: string; size: number }
  | { kind: "folder"; uri: string; path: string; entries: string[]; truncated: boolean };

/**
 * Reads a remote skill's files through the server that listed it, and only that one (SPEC §16: a
 * remote skill's reads never reach another server). Every read is verified against the held entry
 * (size, digest, SKILL.md's frontmatter) and refused unless the person approved the skill's current
 * `{uri, digest}` set; failures throw a `SkillsetError` whose message says what and why.
 */
export interface RemoteSkillReader {
  /**
   * Whether the person approved this skill's current resource set (see `remoteApprovalState`), and the
   * `allowed-tools` they granted with it (none unless granted explicitly).
   */
  approval(skill: Skill): Promise<{
    state: RemoteApprovalState;
    allowedTools: readonly string[];
    /** The audit rules whose findings were accepted with a current approval (none otherwise). */
    acceptedRisks: readonly string[];
  }>;
  /**
   * Records the person's approval of the skill's current `{uri, digest}` set, persisted in their state
   * (a `"dynamic"` skill, when configured at all, is approved for this process only), with the
   * `allowed-tools` granted and the audit rules whose findings the person accepted (`acceptedRisks`).
   */
  approve(
    skill: Skill,
    options?: { allowedTools?: readonly string[]; acceptedRisks?: readonly string[] },
  ): Promise<void>;
  /**
   * Every file of the skill (its entry's list; a `"dynamic"` skill's SKILL.md only), fetched and verified
   * like any read and cached, with paths relative to the skill's root. The one read made before approval:
   * it is what the audit the person sees before approving looks at (SPEC §17), and none of it reaches a
   * model. The approval that follows binds the same `{uri, digest}` set, so what was audited is what loads.
   */
  readForAudit(skill: Skill): Promise<Array<{ path: string; bytes: Uint8Array }>>;
  /** SKILL.md's body (after the frontmatter), verified. Throws `remote-not-approved` before any fetch. */
  readBody(skill: Skill): Promise<string>;
  /** A file of the skill by its path segments below the skill's root; none: SKILL.md. */
  readFile(
    skill: Skill,
    segments: readonly string[],
    options: { maxBytes: number },
  ): Promise<RemoteFileContent>;
}

/**
 * Where a remote skill came from. Identity is `(label, uri)` everywhere (registry, approvals, cache).
 * `reader` is a function-holding object left out of JSON (never serialised: `JSON.stringify` skips it
 * because it is not enumerable).
 */
export interface RemoteOrigin {
  kind: "remote";
  /** The host-assigned label of the server (the person's config), never the server's own name. */
  label: string;
  /** The `SKILL.md` URI of the skill on that server. */
  uri: string;
  /** The entry's manifest, or `"dynamic"` (no digests; refused unless configured). */
  resources: readonly RemoteResource[] | "dynamic";
  readonly reader: RemoteSkillReader;
}

/**
 * - `approved`: the person approved exactly this resource set.
 * - `changed`: an approval exists for an earlier set ("this skill changed"): revoked, ask again.
 * - `unapproved`: never approved.
 * - `dynamic`: no digests to bind an approval to.
 */
export type RemoteApprovalState = "approved" | "changed" | "unapproved" | "dynamic";

/** What a source of skills from outside the file system gives the registry on each load. */
export interface SkillListing {
  skills: Skill[];
  diagnostics: Diagnostic[];
}

/**
 * A pluggable source of skills that are not on disk (SPEC §16): the registry asks it on every load and
 * adds what it lists, in its own namespace (`label:name`), beside the skills found on disk.
 */
export interface ExternalSkillSource {
  /** The namespace of its skills: the host-assigned label. */
  readonly label: string;
  list(): Promise<SkillListing>;
}

/** The remote origin of `skill`, if it has one. */
export function remoteOriginOf(skill: Pick<Skill, "origin">): RemoteOrigin | undefined {
  return skill.origin?.kind === "remote" ? skill.origin : undefined;
}

/**
 * The one text an approval is bound to: every `{uri, digest}` pair of the entry, sorted, one per line.
 * A file added, removed or rotated changes it; sizes are covered by the digest.
 */
export function resourceSetKey(resources: readonly RemoteResource[]): string {
  return resources
    .map((resource) => `${resource.digest} ${resource.uri}`)
    .sort()
    .join("\n");
}
