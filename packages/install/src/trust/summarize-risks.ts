/**
 * @module What a skill could do beyond being read, shown before it is installed (SPEC §14): the scripts it
 * ships, `allowed-tools` that widen access, shell preprocessing lines, hooks, and URLs its scripts call.
 */
import type { Frontmatter } from "@skillset/core/model";
import type { HashedFile } from "../digest/list-hashed-files.js";

/** The findings, each a short list (empty when nothing of that kind). */
export interface RiskSummary {
  scripts: string[];
  /** `allowed-tools` entries that grant a shell or every tool without restriction. */
  broadTools: string[];
  /** SKILL.md lines with `!` + backtick preprocessing (run by some hosts when the skill loads). */
  shellLines: string[];
  hooks: string[];
  urls: string[];
}

const SCRIPT_EXTENSIONS = /\.(sh|bash|zsh|fish|py|js|mjs|cjs|ts|rb|pl|php|ps1|bat|cmd|lua|go)$/i;
const BROAD_TOOL = /^(\*|bash|shell|exec|bash\(\s*\*?\s*:?\s*\*?\s*\)|.*\(\s*\*\s*\))$/i;
// Control characters end a URL too: a binary's strings are separated by NULs.
const URL_PATTERN = /\bhttps?:\/\/[^\s"'`<>)\]\u0000-\u001f\u007f]+/g;
const SHELL_LINE = /!`[^`]+`/;

/** Whether the summary lists anything at all. */
export function hasRisks(summary: RiskSummary): boolean {
  return Object.values(summary).some((list: string[]) => list.length > 0);
}

/**
 * Summarises `files` (a staged skill's files, with their permission bits when known) and its frontmatter.
 * A script is a file under `scripts/`, with a script extension, starting with `#!`, or with any executable
 * bit (a binary such as a copied ELF `helper` runs just as well).
 */
export function summarizeRisks(
  files: ReadonlyArray<HashedFile & { mode?: number }>,
  frontmatter: Frontmatter | undefined,
): RiskSummary {
  const scripts = files
    .filter(
      (file) =>
        file.path.startsWith("scripts/") ||
        SCRIPT_EXTENSIONS.test(file.path) ||
        file.content.subarray(0, 2).toString() === "#!" ||
        ((file.mode ?? 0) & 0o111) !== 0,
    )
    .map((file) => file.path)
    .sort();
  const urls = new Set<string>();
  for (const file of files) {
    if (!scripts.includes(file.path)) continue;
    for (const match of file.content.toString("utf8").matchAll(URL_PATTERN)) urls.add(match[0]);
  }
  const body = files.find((file) => file.path === "SKILL.md")?.content.toString("utf8") ?? "";
  const shellLines = body
    .split("\n")
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => SHELL_LINE.test(line))
    .map(({ line, number }) => `SKILL.md:${number}: ${line.trim().slice(0, 120)}`);
  const hooks = frontmatter?.hooks ? Object.keys(frontmatter.hooks as Record<string, unknown>) : [];
  return {
    scripts,
    broadTools: (frontmatter?.allowedTools ?? []).filter((tool) => BROAD_TOOL.test(tool.trim())),
    shellLines,
    hooks,
    urls: [...urls].sort().slice(0, 20),
  };
}
