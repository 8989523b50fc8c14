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
const URL_PATTERN = /\bhttps?:\/\/[^\s"'`<>)\]]+/g;
const SHELL_LINE = /!`[^`]+`/;

/** Whether the summary lists anything at all. */
export function hasRisks(summary: RiskSummary): boolean {
  return Object.values(summary).some((list: string[]) => list.length > 0);
}

/** Summarises `files` (a staged skill's files) and its frontmatter. */
export function summarizeRisks(
  files: readonly HashedFile[],
  frontmatter: Frontmatter | undefined,
): RiskSummary {
  const scripts = files
    .filter(
      (file) =>
        file.path.startsWith("scripts/") ||
        SCRIPT_EXTENSIONS.test(file.path) ||
        file.content.subarray(0, 2).toString() === "#!",
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
