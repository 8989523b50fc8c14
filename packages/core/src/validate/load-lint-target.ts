/**
 * @module Reads one SKILL.md into what lint rules see (a {@link LintTarget}), with a lenient parse.
 */
import { basename } from "node:path";
import type { FileSystem } from "../fs/file-system.js";
import type { Scope } from "../model/skill.js";
import { frontmatterText } from "../parser/frontmatter-text.js";
import type { LintTarget } from "./lint-rule.js";
import { type ReadSkillDocumentResult, readSkillDocument } from "./read-skill-document.js";

/** A skill file to lint, with its scope and namespace when it comes from the registry. */
export interface LintFile {
  path: string;
  /** The walker found it and applied the link policy already. */
  linkChecked?: boolean;
  scope?: Scope;
  namespace?: string;
}

/** The file as read (its diagnostics are the lenient parse's), and the target when it could be read. */
export interface LoadedLintTarget {
  read: ReadSkillDocumentResult;
  target?: LintTarget;
}

/**
 * Reads and leniently parses a SKILL.md for lint. The name is the frontmatter `name` when it is text,
 * else the name loading gives it (the folder name). Never throws: unreadable files have no target.
 */
export async function loadLintTarget(
  file: string | LintFile,
  options: { fs: FileSystem },
): Promise<LoadedLintTarget> {
  const { path, scope, namespace, linkChecked } =
    typeof file === "string" ? ({ path: file } as LintFile) : file;
  const read = await readSkillDocument(path, {
    fs: options.fs,
    mode: "lenient",
    linkChecked: linkChecked === true,
  });
  const document = read.parsed?.document;
  if (!document) return { read };
  const raw = document.raw ?? {};
  const target: LintTarget = {
    path,
    dir: read.dir,
    name: frontmatterText(raw.name)?.trim() || read.parsed?.skill?.name || basename(read.dir),
    raw,
    body: document.body,
    bodyLine: document.bodyLine,
    keyLines: document.keyLines,
  };
  if (scope) target.scope = scope;
  if (namespace) target.namespace = namespace;
  return { read, target };
}
