/**
 * @module Skill entries of the MCP Skills extension (SEP-2640): for one skill, its `SKILL.md` URI, its
 * frontmatter as the file's own YAML mapping (read by the SDK's reader, the one a verifying host runs), and
 * the complete `resources` manifest — every file with its `sha256:` digest and size, SKILL.md included.
 * A skill skillset could read only by repairing its YAML, one the SDK's reader or rules refuse, and one over
 * 512 files or 16 MiB are not served: a diagnostic goes to the log instead, once per version of the file.
 * Digests are kept by file stamp (size, mtime, ctime, inode), so listing 16,000 unchanged skills hashes
 * nothing, and a file changed since is hashed again: an entry never carries a stale digest.
 */
import { createHash } from "node:crypto";
import { lstat, readdir, readFile, realpath, stat } from "node:fs/promises";
import { join } from "node:path";
import { type Skill as SepSkill, SKILL_LIMITS, skillEntry } from "@modelcontextprotocol/server/ext/skills";
import { isSameOrInside, nodeFileSystem } from "@skillset/core/fs";
import { checkSkillFile } from "@skillset/core/loader";
import { type Skill, stripControls } from "@skillset/core/model";
import { parseSkillText } from "@skillset/core/parser";
import { joinSkillUri } from "./skill-paths.js";

/** One file of a skill, found on disk. */
export interface SkillDiskFile {
  /** Path segments inside the skill folder (`["SKILL.md"]`, `["references", "forms.md"]`). */
  segments: string[];
  /** Its real path (inside the skill's real folder). */
  real: string;
  size: number;
}

/** An entry, or why the skill is not served. */
export type EntryResult =
  | { ok: true; entry: SepSkill; files: SkillDiskFile[] }
  | { ok: false; reason: string };

interface Stamped<T> {
  stamp: string;
  value: T;
}

type FrontmatterResult = { ok: true; frontmatter: SepSkill["frontmatter"] } | { ok: false; reason: string };

/** Directory entries looked at per skill before the walk gives up (a vendored tree is not a skill). */
const MAX_WALK_ENTRIES = 4096;
const MAX_DEPTH = 32;
const SKIPPED = new Set(["node_modules"]);

function stampOf(info: { size: number; mtimeMs: number; ctimeMs: number; ino: number }): string {
  return `${info.size}:${info.mtimeMs}:${info.ctimeMs}:${info.ino}`;
}

function byPath(a: SkillDiskFile, b: SkillDiskFile): number {
  const x = a.segments.join("/");
  const y = b.segments.join("/");
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * Every file a skill serves: SKILL.md, then the rest of its folder, hidden entries and `node_modules`
 * left out; a link is followed only to a regular file inside the skill's real folder. Undefined with a
 * reason when the skill is over the extension's limits.
 */
export async function walkSkillFiles(
  realDir: string,
  realSkillMd: string,
): Promise<{ files: SkillDiskFile[] } | { reason: string }> {
  const skillMd = await stat(realSkillMd);
  const files: SkillDiskFile[] = [{ segments: ["SKILL.md"], real: realSkillMd, size: skillMd.size }];
  let total = skillMd.size;
  let looked = 0;
  const over = () =>
    files.length > SKILL_LIMITS.files
      ? `it has more than ${SKILL_LIMITS.files} files`
      : total > SKILL_LIMITS.bytes
        ? `its files add up to more than ${SKILL_LIMITS.bytes / (1024 * 1024)} MiB`
        : undefined;
  const queue: { real: string; segments: string[] }[] = [{ real: realDir, segments: [] }];
  while (queue.length > 0) {
    const folder = queue.shift() as { real: string; segments: string[] };
    let entries: import("node:fs").Dirent[];
    try {
      entries = await readdir(folder.real, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const dirent of entries) {
      if (++looked > MAX_WALK_ENTRIES)
        return { reason: `its folder holds more than ${MAX_WALK_ENTRIES} entries` };
      const name = dirent.name;
      if (name.startsWith(".") || SKIPPED.has(name)) continue;
      const segments = [...folder.segments, name];
      const path = join(folder.real, name);
      if (segments.length === 1 && path === realSkillMd) continue;
      if (segments.length === 1 && name === "SKILL.md") continue;
      if (dirent.isDirectory()) {
        if (segments.length < MAX_DEPTH) queue.push({ real: path, segments });
        continue;
      }
      let real = path;
      if (dirent.isSymbolicLink()) {
        real = await realpath(path).catch(() => "");
        if (real === "" || !isSameOrInside(real, realDir)) continue;
      } else if (!dirent.isFile()) continue;
      const info = await stat(real).catch(() => undefined);
      if (info === undefined || !info.isFile()) continue;
      files.push({ segments, real, size: info.size });
      total += info.size;
      const reason = over();
      if (reason !== undefined) return { reason };
    }
  }
  files.sort((a, b) => (a.segments[0] === "SKILL.md" && a.segments.length === 1 ? -1 : byPath(a, b)));
  return { files };
}

/** Options of `createSkillEntries`. */
export interface SkillEntriesOptions {
  /** Where a skill that is not served is reported (default: stderr). Called once per version of the skill. */
  onDiagnostic?: (message: string) => void;
}

/** Builds entries, keeping digests and frontmatter by file stamp. One per server, shared by its connections. */
export interface SkillEntries {
  /** The entry of `skill` at `path` (its skill path), or why it is not served. */
  build(skill: Skill, path: readonly string[]): Promise<EntryResult>;
  /** The digest of a file as it is now, and its size (hashed again if it changed since). */
  digest(real: string): Promise<{ digest: string; size: number }>;
  /** Files hashed since the server started (for the bench and tests). */
  readonly hashed: number;
}

/**
 * A shared entry builder.
 * @example const entries = createSkillEntries(); const result = await entries.build(skill, ["pdf"]);
 */
export function createSkillEntries(options: SkillEntriesOptions = {}): SkillEntries {
  const report = options.onDiagnostic ?? ((message: string) => process.stderr.write(`${message}\n`));
  const digests = new Map<string, Stamped<string>>();
  const frontmatters = new Map<string, Stamped<FrontmatterResult>>();
  const reported = new Map<string, string>();
  let hashed = 0;

  const digest = async (real: string) => {
    const info = await stat(real);
    const stamp = stampOf(info);
    const known = digests.get(real);
    if (known?.stamp === stamp) return { digest: known.value, size: info.size };
    const bytes = await readFile(real);
    hashed++;
    const value = `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
    // Stamped before the read: a file written during it is hashed again next time.
    digests.set(real, { stamp, value });
    return { digest: value, size: bytes.length };
  };

  const frontmatterOf = async (skill: Skill, real: string, path: readonly string[]) => {
    const info = await lstat(real);
    const stamp = `${stampOf(info)}:${path.join("/")}`;
    const known = frontmatters.get(real);
    if (known?.stamp === stamp) return known.value;
    const bytes = await readFile(real);
    let value: FrontmatterResult;
    const parsed = parseSkillText(new TextDecoder().decode(bytes), { path: skill.path });
    if (parsed.document.repaired || !parsed.document.hasFrontmatter) {
      value = {
        ok: false,
        reason: parsed.document.hasFrontmatter
          ? "its frontmatter YAML reads only after repair, and a host would read it differently; fix the YAML"
          : "it has no YAML frontmatter between `---` lines; add one with name and description",
      };
    } else {
      try {
        // The SDK's reader, which hosts verify with: the entry's frontmatter is the file's own mapping.
        const sdk = await skillEntry(path.join("/"), { "SKILL.md": bytes });
        value = { ok: true, frontmatter: sdk.frontmatter };
      } catch (error) {
        const problems = (error as { problems?: readonly { message: string }[] }).problems;
        value = {
          ok: false,
          reason: problems?.map((problem) => problem.message).join("; ") ?? (error as Error).message,
        };
      }
    }
    frontmatters.set(real, { stamp, value });
    return value;
  };

  const refuse = (skill: Skill, version: string, reason: string): EntryResult => {
    if (reported.get(skill.id) !== version) {
      reported.set(skill.id, version);
      report(
        stripControls(
          `skillset mcp: ${skill.path}: not served as an MCP Skills extension entry (skills/list, skills/get): ${reason}.`,
        ),
      );
    }
    return { ok: false, reason };
  };

  return {
    digest,
    get hashed() {
      return hashed;
    },
    async build(skill, path) {
      let realSkillMd: string;
      try {
        await checkSkillFile(skill, nodeFileSystem, `to list ${skill.dir}`, (cause) => {
          throw new Error(`${skill.path} is gone`, { cause });
        });
        realSkillMd = skill.id;
      } catch (error) {
        return { ok: false, reason: (error as Error).message };
      }
      const realDir = await realpath(skill.dir).catch(() => skill.realDir ?? skill.dir);
      let frontmatter: FrontmatterResult;
      try {
        frontmatter = await frontmatterOf(skill, realSkillMd, path);
      } catch (error) {
        return { ok: false, reason: (error as Error).message };
      }
      const version = `${frontmatters.get(realSkillMd)?.stamp}`;
      if (!frontmatter.ok) return refuse(skill, version, frontmatter.reason);
      const walked = await walkSkillFiles(realDir, realSkillMd).catch((error: Error) => ({
        reason: error.message,
      }));
      if ("reason" in walked) return refuse(skill, `${version}:limits`, walked.reason);
      const resources: { uri: string; digest: string; size: number }[] = [];
      const files: SkillDiskFile[] = [];
      for (const file of walked.files) {
        const found = await digest(file.real).catch(() => undefined);
        if (found === undefined) continue;
        resources.push({ uri: joinSkillUri([...path, ...file.segments]), ...found });
        files.push({ ...file, size: found.size });
      }
      const entry: SepSkill = {
        uri: joinSkillUri([...path, "SKILL.md"]),
        frontmatter: frontmatter.frontmatter,
        resources,
      };
      return { ok: true, entry, files };
    },
  };
}
