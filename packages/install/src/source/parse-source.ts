/**
 * @module Turns what a person types after `skillset add` into a `SourceSpec`, or says clearly why not.
 */
import { dirname, isAbsolute, relative, resolve } from "node:path";
import { SkillsetError } from "@skillset/core/model";
import type { SourceSpec } from "./source-spec.js";

/** Where `owner/repo` shorthand points, unless `SKILLSET_GITHUB_URL` says otherwise (tests, mirrors). */
const DEFAULT_GITHUB_URL = "https://github.com";

const SHORTHAND = /^([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)((?:\/[^@#\s]+)*)(?:[@#]([^@#\s]+))?$/;
const ARCHIVE = /\.(tar\.gz|tgz|zip)$/i;

export interface ParseSourceOptions {
  cwd: string;
  /** Folder local sources are recorded relative to (the project root, or HOME for --global). */
  base: string;
  env: Record<string, string | undefined>;
  /** Whether `source` names an existing folder (checked by the caller, so this stays synchronous). */
  isFolder: (path: string) => boolean;
  /** Whether `path` is a file (a source given as a file is refused, never taken for `owner/repo`). */
  isFile?: (path: string) => boolean;
}

/**
 * Parses `source`. Throws `install-unknown-source` with the accepted forms when it is none of them.
 * Git refs come from `#ref`, or `@ref` after the last `/`.
 */
export function parseSource(source: string, options: ParseSourceOptions): SourceSpec {
  const text = source.trim();
  if (/^git\+[a-z]+:\/\//i.test(text)) return gitSpec(text.slice(4), "git");
  if (/^(file|ssh|git):\/\//i.test(text) || /^[\w.-]+@[\w.-]+:/.test(text)) return gitSpec(text, "git");
  if (/^https?:\/\//i.test(text)) {
    const hosted = hostedRepository(text);
    if (hosted) return hosted;
    const url = text.replace(/#.*$/, "");
    if (ARCHIVE.test(new URL(url).pathname)) return { type: "archive", source: url, location: url };
    if (/\.git(?:[#@][^/]*)?$/.test(text)) return gitSpec(text, "git");
    return { type: "well-known", source: url, location: url };
  }
  const path = resolve(options.cwd, text.replace(/^~(?=\/|$)/, options.env.HOME ?? "~"));
  if (options.isFile?.(path))
    throw new SkillsetError(
      "install-unknown-source",
      `${path} is a file; a local source is a folder: the skill's own (the one holding SKILL.md) or one with skills in it. Run skillset add ${dirname(path)}.`,
    );
  if (
    /^(\.{1,2}|~)?\//.test(text) ||
    text === "." ||
    text === ".." ||
    isAbsolute(text) ||
    options.isFolder(path)
  ) {
    if (!options.isFolder(path))
      throw new SkillsetError(
        "install-unknown-source",
        `No folder at ${path}. Check the path and try again.`,
      );
    const shown = relative(options.base, path);
    return { type: "local", source: shown === "" ? "." : isAbsolute(shown) ? path : shown, location: path };
  }
  const match = SHORTHAND.exec(text);
  if (match) {
    const [, owner, repo, rest, ref] = match;
    const base = (options.env.SKILLSET_GITHUB_URL ?? DEFAULT_GITHUB_URL).replace(/\/$/, "");
    const spec: SourceSpec = {
      type: "github",
      source: `${owner}/${repo}${rest ?? ""}`,
      location: `${base}/${owner}/${repo!.replace(/\.git$/, "")}.git`,
    };
    if (ref) spec.ref = ref;
    if (rest) spec.subpath = rest.slice(1);
    return spec;
  }
  throw new SkillsetError(
    "install-unknown-source",
    `Unknown source ${JSON.stringify(source)}. Use a folder (./skills), a git URL (https://…/repo.git, ` +
      "git@host:repo.git, ssh://…, file://…, with #ref or @ref), owner/repo[/path][@ref], an archive URL " +
      "(….tar.gz, ….zip) or a site publishing .well-known/skills/index.json.",
  );
}

/** Hosts whose web pages of a repository are the repository (`https://github.com/o/r/tree/main/skills/pdf`). */
const CODE_HOSTS = new Set(["github.com", "www.github.com", "gitlab.com", "codeberg.org"]);

/**
 * A repository's web address on a code host, as vercel's `skills` CLI reads it: `https://github.com/o/r`
 * is the repository `o/r`, and `…/tree/<ref>/<path>` (GitLab: `…/-/tree/…`) names a ref and a folder in
 * it. A ref holding `/` cannot be told from the path: the first segment is taken as the ref.
 */
function hostedRepository(text: string): SourceSpec | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (!CODE_HOSTS.has(url.hostname.toLowerCase()) || url.search !== "") return undefined;
  const parts = url.pathname.split("/").filter((part) => part !== "");
  const [owner, rawRepo, ...rest] = parts;
  if (owner === undefined || rawRepo === undefined) return undefined;
  const repo = rawRepo.replace(/\.git$/, "");
  const tree = rest[0] === "-" ? rest.slice(1) : rest;
  if (tree.length > 0 && (tree[0] !== "tree" || tree.length < 2)) return undefined;
  const location = `${url.origin}/${owner}/${repo}.git`;
  const spec: SourceSpec = url.hostname.toLowerCase().endsWith("github.com")
    ? { type: "github", source: `${owner}/${repo}`, location }
    : { type: "git", source: location, location };
  const hash = url.hash.replace(/^#/, "");
  if (tree.length >= 2) {
    spec.ref = decodeURIComponent(tree[1]!);
    const subpath = tree.slice(2).map(decodeURIComponent).join("/");
    if (subpath !== "") {
      spec.subpath = subpath;
      if (spec.type === "github") spec.source = `${owner}/${repo}/${subpath}`;
    }
  } else if (hash !== "") {
    spec.ref = hash;
  }
  return spec;
}

function gitSpec(text: string, type: "git"): SourceSpec {
  let url = text;
  let ref: string | undefined;
  const hash = url.indexOf("#");
  if (hash >= 0) {
    ref = url.slice(hash + 1);
    url = url.slice(0, hash);
  } else {
    const at = url.lastIndexOf("@");
    if (at > url.lastIndexOf("/") && at > url.indexOf(":") + 1) {
      ref = url.slice(at + 1);
      url = url.slice(0, at);
    }
  }
  const spec: SourceSpec = { type, source: url, location: url };
  if (ref) spec.ref = ref;
  return spec;
}
