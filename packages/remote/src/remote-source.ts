/**
 * @module One configured MCP server as a source of remote skills (SPEC §16, SEP-2640 as a host): the
 * registry's entries are built from `skills/list` alone (every page, no file fetched); files are fetched
 * only when a skill is loaded or read, each verified against the held entry (size, `sha256:` digest,
 * SKILL.md's frontmatter) by the official client's `SkillsClient`, through this server's connection
 * only; nothing is loaded or read for a model without the person's approval of the skill's current
 * `{uri, digest}` set. The one read before it is the audit's (`readForAudit`, SPEC §17): the person sees
 * what the skill's files do before approving them.
 * Verified files are cached on disk by (label, uri, digest) and served from there, offline too.
 */

import { SKILL_LIMITS, type Skill as SkillEntry } from "@modelcontextprotocol/client/ext/skills";
import type { SkillAudit } from "@skillset/core/audit";
import type { RemoteServerConfig } from "@skillset/core/config";
import {
  type Diagnostic,
  type DiagnosticCode,
  diagnostic,
  type RemoteFileContent,
  type RemoteOrigin,
  type RemoteSkillReader,
  type Skill,
  type SkillListing,
  SkillsetError,
} from "@skillset/core/model";
import {
  buildFrontmatter,
  normalizeDescription,
  resolveInvocation,
  splitFrontmatter,
} from "@skillset/core/parser";
import {
  approvalFor,
  readRemoteApprovals,
  remoteApprovalState,
  remoteApprovalsPath,
  saveRemoteApproval,
} from "@skillset/core/state";
import { auditRemoteSkill } from "./audit-remote-skill.js";
import type { RemoteConnection } from "./connect-remote.js";
import { RemoteCache, sha256Digest } from "./remote-cache.js";

/** Longest a listing request may take before the server counts as unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

/** The per-skill limits of SEP-2640 (512 files, 16 MiB), as the SDK states them: beyond them a skill is refused. */
export const REMOTE_SKILL_LIMITS: Readonly<{ files: number; bytes: number }> = SKILL_LIMITS;

/** Options of `createRemoteSource`. */
export interface RemoteSourceOptions {
  env: Record<string, string | undefined>;
  home?: string;
  /** Root of the disk cache (default `$XDG_CACHE_HOME/skillset/remote`). */
  cacheDir: string;
  /** Opens the connection (default: `connectRemote`); injected by benches. */
  connect: (server: RemoteServerConfig) => Promise<RemoteConnection>;
}

/** What `remote list|check` show of one skill. */
export interface RemoteSkillStatus {
  name: string;
  qualifiedName: string;
  uri: string;
  files: number | "dynamic";
  bytes: number;
  approval: "approved" | "changed" | "unapproved" | "dynamic";
  allowedTools: string[];
}

/** What `remote list|check` show of one server. */
export interface RemoteServerStatus {
  label: string;
  transport: "stdio" | "http";
  /** `online`: listed now; `offline`: the last listing from the cache; `unavailable`: nothing. */
  state: "online" | "offline" | "unavailable";
  error?: string;
  skills: RemoteSkillStatus[];
  diagnostics: Diagnostic[];
}

/** What `remote check` shows of one skill's audit: the audit, or why its files could not be audited. */
export interface RemoteSkillAudit {
  qualifiedName: string;
  uri: string;
  audit?: SkillAudit;
  error?: string;
  /** The rules whose findings the person accepted with the skill's current approval (see `remote approve`). */
  acceptedRisks?: string[];
}

/** A source the registry lists, with what the CLI shows and a way to close the connection. */
export interface RemoteSource {
  readonly label: string;
  list(): Promise<SkillListing>;
  status(): Promise<RemoteServerStatus>;
  /** The audit of every skill listed (files fetched, verified and cached as for a load; SPEC §17). */
  audits(): Promise<RemoteSkillAudit[]>;
  close(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The URI of a skill's root folder: its SKILL.md URI without `/SKILL.md`. */
function rootOf(uri: string): string {
  return uri.replace(/\/SKILL\.md$/, "");
}

/** A URI compared as decoded text, so either side's percent-encoding of a name is the same file. */
function sameUri(a: string, b: string): boolean {
  return a === b || decoded(a) === decoded(b);
}

/** `text` percent-decoded, or as it is when it is not valid percent-encoding. */
/** The cache key of a skill's SKILL.md: its URI with a digest of the entry's frontmatter, keys sorted. */
function withFrontmatterKey(uri: string, entry: SkillEntry): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === "object"
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  const frontmatter = JSON.stringify(sorted(entry.frontmatter));
  return `${uri}#frontmatter=${sha256Digest(new TextEncoder().encode(frontmatter))}`;
}

function decoded(text: string): string {
  try {
    return decodeURI(text);
  } catch {
    return text;
  }
}

/** Creates the source for `server`; nothing is started until the registry lists it. */
export function createRemoteSource(server: RemoteServerConfig, options: RemoteSourceOptions): RemoteSource {
  const label = server.label;
  const cache = new RemoteCache(options.cacheDir, label);
  const approvalsFile = remoteApprovalsPath({
    env: options.env,
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  /**
   * The entry each skill was built from: the held entry its reads are verified against. Keyed by the
   * origin object (shared by every copy of the skill), never by id: a skill held from an earlier listing
   * keeps its own entry, and is never verified against a newer one its approval did not cover.
   */
  const entries = new WeakMap<RemoteOrigin, SkillEntry>();
  /** Dynamic skills approved in this process only (never persisted: nothing to bind to). */
  const dynamicApproved = new Map<string, readonly string[]>();
  let connection: Promise<RemoteConnection> | undefined;
  let state: RemoteServerStatus["state"] = "unavailable";
  let lastError: string | undefined;
  let listed: SkillListing | undefined;

  const connect = (): Promise<RemoteConnection> => {
    connection ??= options.connect(server);
    connection.catch(() => {
      connection = undefined;
    });
    return connection;
  };

  const refusal = (skillPath: string, code: DiagnosticCode, message: string) =>
    diagnostic("error", code, message, skillPath);

  function toSkill(entry: SkillEntry, found: Diagnostic[]): Skill | undefined {
    const path = `mcp://${label}/${entry.uri}`;
    const frontmatterName = entry.frontmatter.name;
    const lastSegment = rootOf(entry.uri).split("/").pop();
    if (!entry.uri.endsWith("/SKILL.md") || lastSegment !== frontmatterName) {
      found.push(
        refusal(
          path,
          "remote-entry-invalid",
          `Remote skill ${entry.uri} from '${label}' is refused: its URI must end in <name>/SKILL.md with <name> = frontmatter name '${frontmatterName}' (SEP-2640 Resource Mapping).`,
        ),
      );
      return undefined;
    }
    if (entry.resources === "dynamic") {
      if (server.allowDynamic !== true) {
        found.push(
          refusal(
            path,
            "remote-dynamic",
            `Remote skill '${label}:${frontmatterName}' (${entry.uri}) publishes no digests ("dynamic"), so its content cannot be verified or bound to an approval; it is refused. Set \`allowDynamic: true\` on the '${label}' remote in your config to allow such skills (each load is then asked for).`,
          ),
        );
        return undefined;
      }
    } else {
      const bytes = entry.resources.reduce((sum, resource) => sum + resource.size, 0);
      if (entry.resources.length > REMOTE_SKILL_LIMITS.files || bytes > REMOTE_SKILL_LIMITS.bytes) {
        found.push(
          refusal(
            path,
            "remote-too-large",
            `Remote skill '${label}:${frontmatterName}' (${entry.uri}) is refused: it has ${entry.resources.length} files and ${bytes} bytes, over the limits every host accepts (${REMOTE_SKILL_LIMITS.files} files, ${REMOTE_SKILL_LIMITS.bytes} bytes = 16 MiB). Ask the server's owner to split it.`,
          ),
        );
        return undefined;
      }
      if (!entry.resources.some((resource) => sameUri(resource.uri, entry.uri))) {
        found.push(
          refusal(
            path,
            "remote-entry-invalid",
            `Remote skill '${label}:${frontmatterName}' (${entry.uri}) is refused: its resources do not list its SKILL.md.`,
          ),
        );
        return undefined;
      }
    }
    const built = buildFrontmatter({ mapping: entry.frontmatter }, path);
    const frontmatter = built.frontmatter;
    const skillMd =
      entry.resources === "dynamic"
        ? undefined
        : entry.resources.find((resource) => sameUri(resource.uri, entry.uri));
    const origin = { kind: "remote", label, uri: entry.uri, resources: entry.resources } as RemoteOrigin;
    // The reader is not data: kept off JSON and out of spreads that copy data only.
    Object.defineProperty(origin, "reader", { value: reader, enumerable: false });
    const skill: Skill = {
      id: path,
      name: frontmatterName,
      namespace: label,
      qualifiedName: `${label}:${frontmatterName}`,
      description: normalizeDescription(frontmatter.description ?? ""),
      path,
      dir: rootOf(path),
      scope: "remote",
      source: { provider: "mcp", root: `mcp://${label}` },
      invocation: resolveInvocation(frontmatter),
      frontmatter,
      bodyLine: 1,
      mtimeMs: 0,
      size: skillMd?.size ?? 0,
      diagnostics: built.diagnostics,
      origin,
    };
    entries.set(origin, entry);
    return skill;
  }

  async function approvalOf(skill: Skill) {
    const origin = skill.origin as RemoteOrigin;
    if (origin.resources === "dynamic") {
      const accepted = dynamicApproved.get(skill.id);
      return {
        state: accepted ? ("approved" as const) : ("dynamic" as const),
        allowedTools: [],
        acceptedRisks: accepted ?? [],
      };
    }
    const approvals = await readRemoteApprovals(approvalsFile);
    const approvalState = remoteApprovalState(origin, approvals);
    const held = approvalState === "approved" ? approvalFor(origin, approvals) : undefined;
    return {
      state: approvalState,
      allowedTools: held?.allowedTools ?? [],
      acceptedRisks: held?.acceptedRisks ?? [],
    };
  }

  async function ensureApproved(skill: Skill): Promise<void> {
    const { state: approval } = await approvalOf(skill);
    if (approval === "approved") return;
    if (approval === "changed") {
      throw new SkillsetError(
        "remote-changed",
        `Remote skill '${skill.qualifiedName}' changed since you approved it (its files or digests on '${label}' differ): this skill changed, so the approval was revoked and nothing was read. Look at it and approve it again: skillset remote approve ${skill.qualifiedName}`,
        { path: skill.path },
      );
    }
    // A dynamic skill has no digests to bind an approval to: it is confirmed in the session that loads it
    // (the host's confirm callback), each time; an approval never outlives that session.
    const how =
      (skill.origin as RemoteOrigin | undefined)?.resources === "dynamic"
        ? "It is a dynamic skill (the server lists no digests for it), so an approval cannot be kept: a host confirms it in the session that loads it, each time."
        : `Approve it with: skillset remote approve ${skill.qualifiedName}`;
    throw new SkillsetError(
      "remote-not-approved",
      `Remote skill '${skill.qualifiedName}' from the MCP server '${label}' is not approved, so nothing was read from it. ${how}`,
      { path: skill.path },
    );
  }

  function entryOf(skill: Skill): SkillEntry {
    const entry = skill.origin ? entries.get(skill.origin) : undefined;
    if (!entry) {
      throw new SkillsetError(
        "remote-unknown",
        `${skill.path} is not a skill the '${label}' server listed; reload the registry.`,
        { path: skill.path },
      );
    }
    return entry;
  }

  /** One listed file's bytes: from the cache (hashed again) or fetched and verified, then cached. */
  async function fetchVerified(skill: Skill, entry: SkillEntry, fileUri: string): Promise<Uint8Array> {
    const listedFile =
      entry.resources === "dynamic"
        ? undefined
        : entry.resources.find((resource) => sameUri(resource.uri, fileUri));
    // The skill's own SKILL.md was verified against the entry's frontmatter as well as its digest: it is
    // cached under a key that names that frontmatter, so an entry that changes only its frontmatter (a
    // model, a fork, a description) misses the cache and is verified, and refused, again.
    const cacheUri =
      listedFile && sameUri(fileUri, entry.uri) ? withFrontmatterKey(listedFile.uri, entry) : listedFile?.uri;
    if (listedFile && cacheUri !== undefined) {
      const cached = await cache.read(cacheUri, listedFile.digest);
      if (cached && cached.length === listedFile.size) return cached;
    }
    let connected: RemoteConnection;
    try {
      connected = await connect();
    } catch (error) {
      throw new SkillsetError(
        "remote-unavailable",
        `Cannot read ${fileUri} of '${skill.qualifiedName}': the MCP server '${label}' is not reachable (${errorText(error)}) and the file is not in the cache.`,
        { path: skill.path, cause: error },
      );
    }
    let file: Awaited<ReturnType<RemoteConnection["skills"]["read"]>>;
    try {
      const ref = sameUri(fileUri, entry.uri) ? undefined : fileUri;
      file = await connected.skills.read(entry, ref);
    } catch (error) {
      const reason = (error as { reason?: string }).reason;
      const differences = (error as { differences?: readonly string[] }).differences ?? [];
      const what: Record<string, string> = {
        digest: "its content does not match the digest the server listed",
        size: "its size differs from the size the server listed",
        unlisted: "it is not listed in the skill's entry",
        frontmatter: `its frontmatter differs from the entry the server listed (${differences.join("; ")})`,
      };
      const why = reason && what[reason] ? what[reason] : errorText(error);
      throw new SkillsetError(
        "remote-verification-failed",
        `Refused ${fileUri} of remote skill '${skill.qualifiedName}' (server '${label}'): ${why}. Nothing of it was used. If the skill was updated, run \`skillset remote check\` to see what changed.`,
        { path: skill.path, cause: error },
      );
    }
    // The SDK verified size, digest and frontmatter against the entry; checked once more here, so a
    // client that skipped a check can never hand unverified bytes on.
    if (
      listedFile &&
      (file.bytes.length !== listedFile.size || sha256Digest(file.bytes) !== listedFile.digest)
    ) {
      throw new SkillsetError(
        "remote-verification-failed",
        `Refused ${fileUri} of remote skill '${skill.qualifiedName}' (server '${label}'): size or digest differs from the entry.`,
        { path: skill.path },
      );
    }
    if (listedFile && cacheUri !== undefined) await cache.write(cacheUri, listedFile.digest, file.bytes);
    return file.bytes;
  }

  const reader: RemoteSkillReader = {
    approval: approvalOf,
    async approve(skill, approveOptions = {}) {
      const origin = skill.origin as RemoteOrigin;
      if (origin.resources === "dynamic") {
        dynamicApproved.set(skill.id, [...(approveOptions.acceptedRisks ?? [])]);
        return;
      }
      await saveRemoteApproval(approvalsFile, origin, {
        allowedTools: approveOptions.allowedTools ?? [],
        ...(approveOptions.acceptedRisks ? { acceptedRisks: approveOptions.acceptedRisks } : {}),
      });
    },
    async readForAudit(skill) {
      const entry = entryOf(skill);
      const root = `${decoded(rootOf(entry.uri))}/`;
      const uris =
        entry.resources === "dynamic"
          ? [entry.uri]
          : [...entry.resources].map((resource) => resource.uri).sort();
      const files: Array<{ path: string; bytes: Uint8Array }> = [];
      for (const uri of uris) {
        const name = decoded(uri);
        const path = name.startsWith(root) ? name.slice(root.length) : name;
        files.push({ path, bytes: await fetchVerified(skill, entry, uri) });
      }
      return files;
    },
    async readBody(skill) {
      await ensureApproved(skill);
      const entry = entryOf(skill);
      const bytes = await fetchVerified(skill, entry, entry.uri);
      const text = new TextDecoder().decode(bytes);
      const split = splitFrontmatter(text);
      return split.kind === "frontmatter" || split.kind === "none" ? split.body : "";
    },
    async readFile(skill, segments, readOptions): Promise<RemoteFileContent> {
      await ensureApproved(skill);
      const entry = entryOf(skill);
      const root = rootOf(entry.uri);
      const wanted = segments.length === 0 ? entry.uri : `${root}/${segments.join("/")}`;
      const relative = segments.join("/");
      const listed = entry.resources === "dynamic" ? [] : entry.resources;
      const file = listed.find((resource) => sameUri(resource.uri, wanted));
      if (!file && entry.resources !== "dynamic") {
        // A folder is answered from the held entry alone; anything else unlisted is refused.
        const prefix = `${decoded(wanted)}/`;
        const children = new Set<string>();
        for (const resource of listed) {
          const uri = decoded(resource.uri);
          if (uri.startsWith(prefix)) {
            const rest = uri.slice(prefix.length);
            const slash = rest.indexOf("/");
            children.add(slash < 0 ? rest : `${rest.slice(0, slash)}/`);
          }
        }
        if (children.size > 0 || segments.length === 0) {
          const list = [...children].sort();
          return {
            kind: "folder",
            uri: wanted,
            path: `${skill.dir}/${relative}`,
            entries: list,
            truncated: false,
          };
        }
        throw new SkillsetError(
          "remote-unlisted",
          `Refused ${wanted}: remote skill '${skill.qualifiedName}' does not list that file in its entry (an unlisted file is treated as a changed skill). Run \`skillset remote check\`; if the server added it, approve the skill again.`,
          { path: skill.path },
        );
      }
      if (file && file.size > readOptions.maxBytes) {
        throw new SkillsetError(
          "file-too-large",
          `${wanted} is ${file.size} bytes, over the ${readOptions.maxBytes}-byte limit for reading a skill file.`,
          { path: skill.path },
        );
      }
      const bytes = await fetchVerified(skill, entry, file?.uri ?? wanted);
      const path = `${skill.dir}/${relative || "SKILL.md"}`;
      const mediaType = /\.md$/i.test(path) ? "text/markdown" : "text/plain";
      try {
        const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
        if (!text.includes("\u0000"))
          return {
            kind: "text",
            uri: wanted,
            path,
            mediaType,
            size: bytes.length,
            text: text.replace(/^\uFEFF/, ""),
          };
      } catch {
        // binary below
      }
      return { kind: "binary", uri: wanted, path, mediaType: "application/octet-stream", size: bytes.length };
    },
  };

  async function listNow(): Promise<SkillListing> {
    const found: Diagnostic[] = [];
    let skillEntries: SkillEntry[];
    try {
      const connected = await connect();
      if (!connected.skills.supported) {
        throw new Error("it does not declare the MCP Skills extension (io.modelcontextprotocol/skills)");
      }
      const listing = await connected.skills.list({}, { timeout: REQUEST_TIMEOUT_MS });
      skillEntries = listing.skills;
      // Skills named only by URI (a listing may be partial): confirmed with skills/get, never assumed.
      for (const uri of server.skills ?? []) {
        if (skillEntries.some((entry) => sameUri(entry.uri, uri))) continue;
        try {
          skillEntries.push((await connected.skills.get(uri, { timeout: REQUEST_TIMEOUT_MS })).skill);
        } catch (error) {
          found.push(
            refusal(
              `mcp://${label}/${uri}`,
              "remote-entry-invalid",
              `The '${label}' server does not confirm ${uri} as a skill (skills/get: ${errorText(error)}); check the URI in your config's remotes.`,
            ),
          );
        }
      }
      for (const invalid of listing.invalid) {
        found.push(
          refusal(
            `mcp://${label}/${invalid.uri ?? ""}`,
            "remote-entry-invalid",
            `A skills/list entry from '${label}' (${invalid.uri ?? `#${invalid.index}`}) is refused: ${invalid.reason}.`,
          ),
        );
      }
      state = "online";
      lastError = undefined;
      await cache.writeListing(skillEntries);
    } catch (error) {
      lastError = errorText(error);
      const saved = await cache.readListing<SkillEntry>();
      if (!saved) {
        state = "unavailable";
        throw new Error(`${lastError}`);
      }
      state = "offline";
      skillEntries = saved.skills;
      found.push(
        diagnostic(
          "warning",
          "remote-offline",
          `The MCP server '${label}' is not reachable (${lastError}); its skills are listed from the last listing (${saved.savedAt}) and only files already verified and cached can be read.`,
          `mcp://${label}`,
        ),
      );
    }
    const skills: Skill[] = [];
    for (const entry of skillEntries) {
      const skill = toSkill(entry, found);
      if (skill) skills.push(skill);
    }
    listed = { skills, diagnostics: found };
    return listed;
  }

  return {
    label,
    list: listNow,
    async status() {
      const current = listed ?? (await listNow().catch(() => ({ skills: [], diagnostics: [] })));
      const skills = await Promise.all(
        current.skills.map(async (skill): Promise<RemoteSkillStatus> => {
          const origin = skill.origin as RemoteOrigin;
          const approval = await approvalOf(skill).catch(() => ({
            state: "unapproved" as const,
            allowedTools: [],
            acceptedRisks: [],
          }));
          return {
            name: skill.name,
            qualifiedName: skill.qualifiedName,
            uri: origin.uri,
            files: origin.resources === "dynamic" ? "dynamic" : origin.resources.length,
            bytes:
              origin.resources === "dynamic" ? 0 : origin.resources.reduce((sum, each) => sum + each.size, 0),
            approval: approval.state,
            allowedTools: [...approval.allowedTools],
          };
        }),
      );
      return {
        label,
        transport: server.command ? "stdio" : "http",
        state,
        ...(lastError === undefined ? {} : { error: lastError }),
        skills,
        diagnostics: current.diagnostics,
      };
    },
    async audits() {
      const current = listed ?? (await listNow().catch(() => ({ skills: [], diagnostics: [] })));
      const found: RemoteSkillAudit[] = [];
      // One at a time: a server is asked for one file after another, as a load would.
      for (const skill of current.skills) {
        const uri = (skill.origin as RemoteOrigin).uri;
        try {
          const audit = await auditRemoteSkill(skill);
          const { acceptedRisks } = await approvalOf(skill).catch(() => ({ acceptedRisks: [] }));
          found.push({
            qualifiedName: skill.qualifiedName,
            uri,
            audit,
            ...(acceptedRisks.length > 0 ? { acceptedRisks: [...acceptedRisks] } : {}),
          });
        } catch (error) {
          found.push({ qualifiedName: skill.qualifiedName, uri, error: errorText(error) });
        }
      }
      return found;
    },
    async close() {
      const open = connection;
      connection = undefined;
      if (open) await (await open.catch(() => undefined))?.close().catch(() => {});
    },
  };
}
