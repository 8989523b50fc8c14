/**
 * @module `skillset remote list|check|approve`: the person's MCP servers and their skills (SPEC §16) —
 * which are approved, which changed since, and approving one. The work is in `remote.run.ts`.
 */
import type { Command } from "../command.js";

export const remoteCommand: Command = {
  name: "remote",
  summary: "Remote skills from your MCP servers: list, check for changes, approve label:name",
  usage:
    "remote list|check [--json] | remote approve <label:name|mcp://label/uri> [--allow-tools] [--yes] [--allow-risk RULE…] [--json]",
  details:
    "Servers are the `remotes` of your own config file (~/.config/skillset/config.json: label + url [+ token],\n" +
    "or label + command [+ args]); a project's config never adds one. A remote skill loads only once you\n" +
    "approve it; the approval is bound to its files' digests, and any change revokes it (`check` shows\n" +
    "these and exits 1). `approve --allow-tools` also grants the skill's allowed-tools, which are\n" +
    "otherwise ignored. approve audits the skill's files first (skillset audit) and shows the findings;\n" +
    "a finding at medium or worse needs approval: asked on a terminal, --yes elsewhere (never for a\n" +
    "critical one), or --allow-risk RULE. check audits every listed skill and exits 1 when one is flagged.\n" +
    "Two skills of one name on a server are approved by path (mcp://label/<uri>, as `remote list` shows).\n" +
    "A dynamic skill (no digests) cannot be approved ahead: a host confirms it at each load.",
  options: {
    "allow-tools": { type: "boolean", description: "With approve: grant the skill's allowed-tools too" },
    "allow-risk": {
      type: "string",
      multiple: true,
      valueName: "RULE",
      description:
        "With approve: approve the audit's findings of RULE (repeatable); the only way past a critical one",
    },
    yes: {
      type: "boolean",
      short: "y",
      description: "With approve: approve findings short of critical without asking",
    },
    json: { type: "boolean", description: "Print JSON" },
  },
  positionals: { min: 1, max: 2 },
  load: () => import("./remote.run.js"),
};
