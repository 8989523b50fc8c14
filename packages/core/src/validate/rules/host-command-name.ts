/**
 * @module Lint rule `host-command-name`: a skill named like a built-in slash command of a common agent
 * host (`/review`, `/init`, …) cannot be invoked as `/name` there, because the host's command wins
 * (SPEC §8).
 */
import { diagnostic } from "../../model/diagnostic.js";
import { keyPosition, type LintRule } from "../lint-rule.js";

/**
 * Built-in slash commands of Claude Code and Codex, plus skillset's own `/skill`. Hosts add theirs
 * through `hostCommands` (config `mentions.hostCommands`).
 */
export const BUILT_IN_HOST_COMMANDS: readonly string[] = [
  "add-dir",
  "agents",
  "approvals",
  "bug",
  "clear",
  "compact",
  "config",
  "context",
  "cost",
  "diff",
  "doctor",
  "exit",
  "export",
  "help",
  "hooks",
  "ide",
  "init",
  "login",
  "logout",
  "mcp",
  "memory",
  "mention",
  "model",
  "new",
  "permissions",
  "pr-comments",
  "prompts",
  "quit",
  "release-notes",
  "resume",
  "review",
  "rewind",
  "security-review",
  "skill",
  "skills",
  "status",
  "statusline",
  "terminal-setup",
  "upgrade",
  "usage",
  "vim",
];

export const hostCommandName: LintRule = {
  id: "host-command-name",
  severity: "warning",
  summary: "The name is not a built-in slash command of common agent hosts.",
  fix: "Rename the skill to something more specific, e.g. 'review' → 'review-pull-request'.",
  check({ skill, hostCommands }) {
    const name = skill.name.toLowerCase();
    if (!BUILT_IN_HOST_COMMANDS.includes(name) && !hostCommands.includes(name)) return [];
    return [
      diagnostic(
        hostCommandName.severity,
        hostCommandName.id,
        `Skill name '${skill.name}' is a built-in slash command of agent hosts, so /${name} runs the host's command instead of the skill. Rename it in SKILL.md (and its folder) to something more specific.`,
        skill.path,
        { ...keyPosition(skill, "name"), field: "name" },
      ),
    ];
  },
};
