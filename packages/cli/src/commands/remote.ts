/**
 * @module `skillset remote list|check|approve`: the person's MCP servers and their skills (SPEC §16) —
 * which are approved, which changed since, and approving one. The work is in `remote.run.ts`.
 */
import type { Command } from "../command.js";

export const remoteCommand: Command = {
  name: "remote",
  summary: "Remote skills from your MCP servers: list, check for changes, approve label:name",
  usage: "remote list|check [--json] | remote approve <label:name> [--allow-tools] [--json]",
  details:
    "Servers are the `remotes` of your own config file (~/.config/skillset/config.json: label + url [+ token],\n" +
    "or label + command [+ args]); a project's config never adds one. A remote skill loads only once you\n" +
    "approve it; the approval is bound to its files' digests, and any change revokes it (`check` shows\n" +
    "these and exits 1). `approve --allow-tools` also grants the skill's allowed-tools, which are\n" +
    "otherwise ignored.",
  options: {
    "allow-tools": { type: "boolean", description: "With approve: grant the skill's allowed-tools too" },
    json: { type: "boolean", description: "Print JSON" },
  },
  positionals: { min: 1, max: 2 },
  load: () => import("./remote.run.js"),
};
