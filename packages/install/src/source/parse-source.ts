/**
 * @module Turns what a person types after `skillset add` into a `SourceSpec`, or says clearly why not.
 */
import { isAbsolute, relative, resolve } from "node:path";
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
    const url = text.replace(/#.*$/, "");
    if (ARCHIVE.test(new URL(url).pathname)) return { type: "archive", source: url, location: url };
    if (/\.git(?:[#@][^/]*)?$/.test(text)) return gitSpec(text, "git");
    return { type: "well-known", source: url, location: url };
  }
  const path = resolve(options.cwd, text.replace(/^~(?=\/|$)/, options.env.HOME ?? "~"));
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
