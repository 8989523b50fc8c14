/**
 * @module The person's approvals of remote skills (SPEC §16): each bound to the skill's `{uri, digest}`
 * set as it was when approved, so a file added, removed or rotated revokes it. Kept in the person's
 * config folder (`remote-approvals.json`, never a project's), written atomically under a lock.
 */
import { join } from "node:path";
import { type ConfigLocation, configPaths } from "../config/config-paths.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { readCappedText } from "../fs/read-capped-text.js";
import { SkillsetError } from "../model/errors.js";
import {
  type RemoteApprovalState,
  type RemoteOrigin,
  type RemoteResource,
  resourceSetKey,
} from "../model/remote-origin.js";
import { withFileLock } from "./with-file-lock.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** One approval: the skill's identity, the set it was given for, and the grants that came with it. */
export interface RemoteApproval {
  label: string;
  uri: string;
  /** Every `{uri, digest}` pair approved. */
  resources: { uri: string; digest: string }[];
  /** The `allowed-tools` granted with the approval (empty: none, the skill's own are ignored). */
  allowedTools: string[];
  /**
   * The audit rules whose findings the person accepted with the approval (SPEC §17): `remote check` no
   * longer counts those findings against the skill while this approval holds. Absent: none.
   */
  acceptedRisks?: string[];
  /** ISO time of the approval. */
  approvedAt: string;
}

/** The file. */
export interface RemoteApprovalsFile {
  version: 1;
  approvals: RemoteApproval[];
}

/** Where approvals are kept: the person's config folder only (a project never approves for them). */
export function remoteApprovalsPath(location: Omit<ConfigLocation, "projectRoot">): string {
  return join(configPaths({ ...location, projectRoot: "/" }).userDir, "remote-approvals.json");
}

/** Whether `approvals` cover `origin`'s current resource set (see `RemoteApprovalState`). */
export function remoteApprovalState(
  origin: Pick<RemoteOrigin, "label" | "uri" | "resources">,
  approvals: readonly RemoteApproval[],
): RemoteApprovalState {
  if (origin.resources === "dynamic") return "dynamic";
  const held = approvalFor(origin, approvals);
  if (!held) return "unapproved";
  const approved = resourceSetKey(held.resources.map((resource) => ({ ...resource, size: 0 })));
  return approved === resourceSetKey(origin.resources) ? "approved" : "changed";
}

/** The approval held for `(label, uri)`, whether or not it still matches. */
export function approvalFor(
  origin: Pick<RemoteOrigin, "label" | "uri">,
  approvals: readonly RemoteApproval[],
): RemoteApproval | undefined {
  return approvals.find((each) => each.label === origin.label && each.uri === origin.uri);
}

function checkFile(value: unknown, path: string): RemoteApprovalsFile {
  const bad = (why: string) =>
    new SkillsetError(
      "state-invalid",
      `${path}: ${why}. It holds your approvals of remote skills; fix it, or delete it and approve again with \`skillset remote approve label:name\`.`,
      { path },
    );
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw bad("not a JSON object");
  const { version, approvals } = value as Record<string, unknown>;
  if (version !== 1) throw bad("`version` must be 1");
  if (!Array.isArray(approvals)) throw bad("`approvals` must be a list");
  for (const [index, each] of approvals.entries()) {
    const item = each as Partial<RemoteApproval> | null;
    if (
      typeof item !== "object" ||
      item === null ||
      typeof item.label !== "string" ||
      typeof item.uri !== "string" ||
      !Array.isArray(item.resources) ||
      !item.resources.every((r) => typeof r?.uri === "string" && typeof r?.digest === "string") ||
      !Array.isArray(item.allowedTools) ||
      typeof item.approvedAt !== "string" ||
      (item.acceptedRisks !== undefined &&
        !(Array.isArray(item.acceptedRisks) && item.acceptedRisks.every((rule) => typeof rule === "string")))
    ) {
      throw bad(
        `\`approvals[${index}]\` needs label, uri, resources [{uri, digest}], allowedTools and approvedAt (acceptedRisks, when present, a list of rule ids)`,
      );
    }
  }
  return { version: 1, approvals: approvals as RemoteApproval[] };
}

/** Reads the approvals file; a missing file is no approvals, a damaged one throws `state-invalid`. */
export async function readRemoteApprovals(
  path: string,
  fs: FileSystem = nodeFileSystem,
): Promise<RemoteApproval[]> {
  let text: string;
  try {
    text = await readCappedText(fs, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return checkFile(undefined, path).approvals;
  }
  return checkFile(value, path).approvals;
}

/**
 * Records the approval of `origin`'s current resource set (replacing an earlier one for the same
 * `(label, uri)`). A `"dynamic"` skill cannot be approved: it has no set to bind to.
 */
export async function saveRemoteApproval(
  path: string,
  origin: Pick<RemoteOrigin, "label" | "uri" | "resources">,
  grants: { allowedTools: readonly string[]; acceptedRisks?: readonly string[] },
  fs: FileSystem = nodeFileSystem,
): Promise<RemoteApproval> {
  if (origin.resources === "dynamic") {
    throw new SkillsetError(
      "remote-dynamic",
      `${origin.label}: ${origin.uri} publishes no digests ("dynamic"); an approval could not be bound to its content.`,
    );
  }
  const approval: RemoteApproval = {
    label: origin.label,
    uri: origin.uri,
    resources: origin.resources.map((resource: RemoteResource) => ({
      uri: resource.uri,
      digest: resource.digest,
    })),
    allowedTools: [...grants.allowedTools],
    approvedAt: new Date().toISOString(),
  };
  if (grants.acceptedRisks !== undefined && grants.acceptedRisks.length > 0)
    approval.acceptedRisks = [...new Set(grants.acceptedRisks)].sort();
  await withFileLock(path, async (assertHeld) => {
    const kept = (await readRemoteApprovals(path, fs)).filter(
      (each) => !(each.label === origin.label && each.uri === origin.uri),
    );
    const file: RemoteApprovalsFile = { version: 1, approvals: [...kept, approval] };
    await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`, { fs, beforeRename: assertHeld });
  });
  return approval;
}
