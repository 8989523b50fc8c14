/**
 * @module The disk cache of remote skill files (SPEC §16): keyed by (label, uri, digest), under the
 * person's cache folder (`$XDG_CACHE_HOME/skillset/remote/`, outside every skill root, so nothing there is
 * ever discovered as a local skill). Every file served from it is hashed again and compared with the
 * entry's digest (a stored label or an mtime is not verification); a mismatch is a miss. The last
 * listing of each server is kept too, so verified files can be served while the server is offline.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, isAbsolute, join } from "node:path";

/** SHA-256 of `bytes` in the entry's form, `sha256:<hex>`. */
export function sha256Digest(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** `$XDG_CACHE_HOME/skillset/remote`, else `<home>/.cache/skillset/remote`. */
export function remoteCacheDir(env: Record<string, string | undefined>, home?: string): string {
  const xdg = env.XDG_CACHE_HOME?.trim();
  const base = xdg && isAbsolute(xdg) ? xdg : join(home ?? env.HOME ?? homedir(), ".cache");
  return join(base, "skillset", "remote");
}

/** The cache of one server. */
export class RemoteCache {
  /** `<root>/<label>-<hash of label>`: the server is recoverable from the path, and labels never mix. */
  readonly dir: string;

  constructor(root: string, label: string) {
    this.dir = join(root, `${label.replace(/[^a-z0-9_-]/gi, "_")}-${hash(label).slice(0, 12)}`);
  }

  private fileOf(uri: string, digest: string): string {
    return join(this.dir, "files", hash(uri), digest.replace(/^sha256:/, ""));
  }

  /** The cached bytes of `(uri, digest)`, hashed again now; `undefined` when absent or not matching. */
  async read(uri: string, digest: string): Promise<Uint8Array | undefined> {
    const bytes = await readFile(this.fileOf(uri, digest)).catch(() => undefined);
    if (!bytes || sha256Digest(bytes) !== digest) return undefined;
    return bytes;
  }

  /** Stores verified bytes (a new file each time: never modified in place). Failures are ignored. */
  async write(uri: string, digest: string, bytes: Uint8Array): Promise<void> {
    await writeAtomic(this.fileOf(uri, digest), bytes).catch(() => {});
  }

  /** The last listing stored, if any. */
  async readListing<T>(): Promise<{ savedAt: string; skills: T[] } | undefined> {
    const text = await readFile(join(this.dir, "listing.json"), "utf8").catch(() => undefined);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text) as { savedAt?: unknown; skills?: unknown };
      if (typeof value.savedAt !== "string" || !Array.isArray(value.skills)) return undefined;
      return { savedAt: value.savedAt, skills: value.skills as T[] };
    } catch {
      return undefined;
    }
  }

  async writeListing(skills: readonly unknown[]): Promise<void> {
    const text = JSON.stringify({ savedAt: new Date().toISOString(), skills });
    await writeAtomic(join(this.dir, "listing.json"), new TextEncoder().encode(text)).catch(() => {});
  }
}

async function writeAtomic(path: string, bytes: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temp = `${path}.tmp-${process.pid}-${Math.random().toString(16).slice(2)}`;
  await writeFile(temp, bytes, { mode: 0o600 });
  await rename(temp, path);
}
