/**
 * @module Fetches skills published under `.well-known/agent-skills/` or `.well-known/skills/` (the Agent
 * Skills discovery layout): `index.json` lists each skill with its `files` (v0.1) or one artifact `url`
 * with a `digest` (v0.2: `skill-md` or `archive`). Every path and size is checked before writing.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import { safeRelativePath } from "../apply/safe-relative-path.js";
import { type InstallLimits, LimitCounter } from "../limits.js";
import { readArchive } from "./fetch-archive.js";
import { fetchBytes, fetchOk, type NetworkOptions } from "./fetch-bytes.js";
import type { FetchedTree } from "./fetch-git.js";

const INDEX_FOLDERS = [".well-known/agent-skills", ".well-known/skills"];
const NAME = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

interface IndexEntry {
  name: string;
  description?: string;
  files?: string[];
  type?: string;
  url?: string;
  digest?: string;
}

/**
 * Finds the index for `url` (the URL itself when it ends in `index.json`, else each well-known folder
 * under it, then under its origin), then downloads every listed skill (or only `wanted`) to `into/<name>/`.
 */
export async function fetchWellKnown(
  url: string,
  into: string,
  limits: InstallLimits,
  network: NetworkOptions,
  wanted?: ReadonlySet<string>,
): Promise<FetchedTree> {
  const { indexUrl, entries } = await findIndex(url, limits, network);
  for (const entry of entries) {
    if (wanted && wanted.size > 0 && !wanted.has(entry.name)) continue;
    await fetchEntry(entry, new URL(".", indexUrl), join(into, entry.name), limits, network);
  }
  return { root: into, resolved: indexUrl };
}

async function findIndex(
  url: string,
  limits: InstallLimits,
  network: NetworkOptions,
): Promise<{ indexUrl: string; entries: IndexEntry[] }> {
  const given = new URL(url);
  const candidates = given.pathname.endsWith("/index.json")
    ? [given.href]
    : [
        ...INDEX_FOLDERS.map((folder) => new URL(`${folder}/index.json`, withSlash(given)).href),
        ...INDEX_FOLDERS.map((folder) => new URL(`/${folder}/index.json`, given).href),
      ];
  for (const candidate of [...new Set(candidates)]) {
    const result = await fetchBytes(candidate, {
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxTotalBytes,
      ...network,
    });
    if (result.status !== 200) continue;
    return { indexUrl: result.url, entries: parseIndex(result.body, result.url) };
  }
  throw new SkillsetError(
    "install-no-index",
    `No skills index at ${url}: tried ${candidates.join(", ")}. Check the address, or give a git URL or an archive.`,
  );
}

function parseIndex(body: Buffer, url: string): IndexEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(body.toString("utf8"));
  } catch {
    throw new SkillsetError("install-bad-index", `${url} is not valid JSON.`);
  }
  const skills = (value as { skills?: unknown }).skills;
  if (!Array.isArray(skills)) throw new SkillsetError("install-bad-index", `${url} has no "skills" list.`);
  return skills.map((item: unknown, index) => {
    const entry = item as IndexEntry;
    if (typeof entry?.name !== "string" || !NAME.test(entry.name))
      throw new SkillsetError("install-bad-index", `${url}: skills[${index}] has no valid "name".`);
    if (!Array.isArray(entry.files) && typeof entry.url !== "string")
      throw new SkillsetError(
        "install-bad-index",
        `${url}: skill ${entry.name} lists neither "files" nor "url".`,
      );
    return entry;
  });
}

async function fetchEntry(
  entry: IndexEntry,
  indexFolder: URL,
  into: string,
  limits: InstallLimits,
  network: NetworkOptions,
): Promise<void> {
  const label = `skill ${entry.name} of ${indexFolder.href}`;
  const options = { timeoutMs: limits.timeoutMs, maxBytes: limits.maxFileBytes, ...network };
  if (Array.isArray(entry.files)) {
    const counter = new LimitCounter(limits, label);
    counter.expectFiles(entry.files.length);
    const paths = entry.files.map((file) => indexFilePath(file, label));
    counter.expectFiles(paths.length);
    const skillFolder = new URL(`${entry.name}/`, indexFolder);
    const bodies: Array<[string, Buffer]> = [];
    for (const path of paths) {
      const fileUrl = new URL(path, skillFolder);
      if (fileUrl.origin !== skillFolder.origin || !fileUrl.pathname.startsWith(skillFolder.pathname))
        throw new SkillsetError(
          "install-unsafe-path",
          `Refused ${JSON.stringify(path)} in ${label}: it leads to ${fileUrl.href}, outside the skill's folder. Nothing was installed.`,
        );
      const { body } = await fetchOk(fileUrl.href, options);
      counter.addFile(path, body.byteLength);
      bodies.push([path, body]);
    }
    for (const [path, body] of bodies) {
      await mkdir(join(into, path, ".."), { recursive: true });
      await writeFile(join(into, path), body, { flag: "wx" });
    }
    return;
  }
  const artifactUrl = new URL(entry.url as string, indexFolder).href;
  const isArchive = entry.type === "archive";
  const { body } = await fetchOk(
    artifactUrl,
    isArchive ? { ...options, maxBytes: limits.maxTotalBytes } : options,
  );
  if (entry.digest) {
    const actual = `sha256:${createHash("sha256").update(body).digest("hex")}`;
    if (actual !== entry.digest.toLowerCase())
      throw new SkillsetError(
        "install-digest-mismatch",
        `Refused ${label}: ${artifactUrl} has digest ${actual}, the index says ${entry.digest}. Nothing was installed.`,
      );
  }
  if (isArchive)
    await (await readArchive(body, artifactUrl, limits, network.signal)).write(into, network.signal);
  else {
    await mkdir(into, { recursive: true });
    await writeFile(join(into, "SKILL.md"), body, { flag: "wx" });
  }
}

/**
 * A `files` entry as a path inside the skill's folder: relative, with no scheme (`http:/169.254.169.254/`
 * is a URL to `new URL`, whatever its slashes), no `..`, no backslash. The URL is then built from it and
 * must still lie under the skill's folder.
 */
function indexFilePath(file: unknown, label: string): string {
  const text = String(file);
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || text.startsWith("//"))
    throw new SkillsetError(
      "install-unsafe-path",
      `Refused ${JSON.stringify(text)} in ${label}: a "files" entry must be a relative path inside the skill's folder, not a URL. Nothing was installed.`,
    );
  const path = safeRelativePath(text, label);
  if (/[?#%]/.test(path))
    throw new SkillsetError(
      "install-unsafe-path",
      `Refused ${JSON.stringify(text)} in ${label}: "?", "#" and "%" have no place in a file path. Nothing was installed.`,
    );
  return path;
}

function withSlash(url: URL): string {
  return url.href.endsWith("/") ? url.href : `${url.href}/`;
}
