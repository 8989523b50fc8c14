/**
 * @module `skillset add <source>`: install skills from a folder, git, an archive or a well-known index
 * (SPEC §14). The work is in `add.run.ts`; it loads `@skillset/install` only when the command runs.
 */
import type { Command } from "../command.js";
import { allowRiskOption, globalOption, limitOptions } from "../install-options.js";

export const addCommand: Command = {
  name: "add",
  summary: "Install skills from a folder, git repository, archive URL or .well-known index",
  usage:
    "add <source> [--skill NAME…] [--all] [--global] [--agent claude,codex] [--copy] [--yes] [--allow-risk RULE…] [--force]",
  details: [
    "Sources: ./folder · https://host/repo.git, git@host:repo.git, ssh://…, file://… (#ref or @ref) ·",
    "owner/repo[/path][@ref] · https://host/x.tar.gz or .zip · https://host (its .well-known/skills/index.json).",
    "Installs to .agents/skills/<name> (--global: ~/.agents/skills) and records skills-lock.json.",
    "Every skill is validated strictly, linted and audited first (skillset audit); its findings and a",
    "summary of what it can run (scripts, broad allowed-tools, shell lines, hooks, URLs) are shown, and",
    "risky skills need approval: a prompt, or --yes. A finding at medium or worse needs approval too, and",
    "--yes never approves a critical one: pass --allow-risk RULE for each rule you accept.",
    "Nothing from a source is executed.",
  ].join("\n"),
  options: {
    skill: {
      type: "string",
      short: "s",
      multiple: true,
      description: "Install this skill of the source, by name or by its folder in the source (repeatable)",
      valueName: "NAME",
    },
    all: { type: "boolean", description: "Install every skill of the source" },
    ...globalOption,
    agent: {
      type: "string",
      short: "a",
      description: "Also link into these agents' folders (comma-separated)",
      valueName: "LIST",
    },
    copy: { type: "boolean", description: "Copy into the agents' folders instead of linking" },
    ...allowRiskOption,
    yes: { type: "boolean", short: "y", description: "Approve without asking" },
    force: { type: "boolean", description: "Replace a same-named skill from another source" },
    "spec-only": {
      type: "boolean",
      description: "Judge by the base specification alone: extension fields are unexpected",
    },
    ...limitOptions,
  },
  positionals: { min: 1, max: 1 },
  load: () => import("./add.run.js"),
};
