/**
 * @module `skillset trust` — the person trusts this project (SPEC §6, §11): settings in its own files
 * (`.skillset/config.json`, `.skillset/state.json`, the agents' project settings) that widen what the person
 * allows then apply, until one of those files changes. `--revoke` takes it back; `--list` shows every
 * trusted project. The work is in `trust.run.ts`.
 */
import type { Command } from "../command.js";

export const trustCommand: Command = {
  name: "trust",
  summary: "Trust this project: let its own settings files widen what you allow (--revoke, --list)",
  usage: "trust [--revoke | --list] [--json]",
  details:
    "A project's .skillset/config.json, .skillset/state.json and agent settings (.claude/settings.json, …)\n" +
    "arrive with a git clone, so by default they may only narrow what you allow: add denies, switch skills\n" +
    "off, lower limits. Settings that widen (shell preprocessing, trusted scopes, allow rules, turning the\n" +
    "agents' settings import off, raised limits, re-enabling a skill you disabled) are ignored with a\n" +
    "warning. `skillset trust` records the project's real path and a digest of those files in your own\n" +
    "trusted-projects.json; they apply until a file changes, when you are asked to run it again.",
  options: {
    revoke: { type: "boolean", description: "Stop trusting this project" },
    list: { type: "boolean", description: "List the projects you trust, and whether their files changed" },
    json: { type: "boolean", description: "Print JSON" },
  },
  load: () => import("./trust.run.js"),
};
