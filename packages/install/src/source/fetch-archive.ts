/**
 * @module Fetches an archive URL (`.tar.gz`, `.tgz`, `.zip`) and writes its checked entries.
 */
import type { InstallLimits } from "../limits.js";
import type { ArchiveEntries } from "./archive-entries.js";
import { fetchOk, type NetworkOptions } from "./fetch-bytes.js";
import type { FetchedTree } from "./fetch-git.js";

/** Downloads `url` (bounded by the total-bytes limit) and extracts it into the empty folder `into`. */
export async function fetchArchive(
  url: string,
  into: string,
  limits: InstallLimits,
  network: NetworkOptions,
): Promise<FetchedTree> {
  const { body, url: finalUrl } = await fetchOk(url, {
    timeoutMs: limits.timeoutMs,
    maxBytes: limits.maxTotalBytes,
    ...network,
  });
  await (await readArchive(body, url, limits, network.signal)).write(into, network.signal);
  return { root: into, resolved: finalUrl };
}

/**
 * Parses an archive by its name (zip) or content (gzip or tar). The extractor (and its library) is loaded
 * only then: installing from git never loads either.
 */
export async function readArchive(
  body: Buffer,
  name: string,
  limits: InstallLimits,
  signal?: AbortSignal,
): Promise<ArchiveEntries> {
  const isZip =
    /\.zip$/i.test(new URL(name, "file:///").pathname) ||
    body.subarray(0, 4).equals(Buffer.from("PK\u0003\u0004"));
  if (isZip) return (await import("./extract-zip.js")).readZip(body, limits, name, signal);
  return (await import("./extract-tar.js")).readTar(body, limits, name, signal);
}
