/**
 * @module `skillset add <source>`: install skills from a folder, git, an archive or a well-known index
 * (SPEC §14). The install package is loaded only when the command runs.
 */
import { type Command, EXIT_OK } from "../command.js";
import { globalOption, limitOptions, limitsFrom, terminalIo } from "../install-terminal.js";
import { displayPath } from "../print-diagnostics.js";

export const addCommand: Command = {
  name: "add",
  summary: "Install skills from a folder, git repository, archive URL or .well-known index",
  usage: "add <source> [--skill NAME…] [--all] [--global] [--agent claude,codex] [--copy] [--yes] [--force]",
  details: [
    "Sources: ./folder · https://host/repo.git, git@host:repo.git, ssh://…, file://… (#ref or @ref) ·",
    "owner/repo[/path][@ref] · https://host/x.tar.gz or .zip · https://host (its .well-known/skills/index.json).",
    "Installs to .agents/skills/<name> (--global: ~/.agents/skills) and records skills-lock.json.",
    "Every skill is validated strictly and linted first; a risk summary (scripts, broad allowed-tools,",
    "shell lines, hooks, URLs) is shown, and risky skills need approval (a prompt, or --yes).",
    "Nothing from a source is executed.",
  ].join("\n"),
  options: {
    skill: {
      type: "string",
      multiple: true,
      description: "Install this skill of the source (repeatable)",
      valueName: "NAME",
    },
    all: { type: "boolean", description: "Install every skill of the source" },
    ...globalOption,
    agent: {
      type: "string",
      description: "Also link into these agents' folders (comma-separated)",
      valueName: "LIST",
    },
    copy: { type: "boolean", description: "Copy into the agents' folders instead of linking" },
    yes: { type: "boolean", short: "y", description: "Approve without asking" },
    force: { type: "boolean", description: "Replace a same-named skill from another source" },
    ...limitOptions,
  },
  positionals: { min: 1, max: 1 },
  async run(context) {
    const { addSkills } = await import("@skillset/install");
    const agents =
      typeof context.values.agent === "string"
        ? context.values.agent
            .split(",")
            .map((a) => a.trim())
            .filter(Boolean)
        : [];
    const result = await addSkills({
      source: context.positionals[0]!,
      cwd: context.cwd,
      env: context.env,
      global: context.values.global === true,
      skills: (context.values.skill as string[] | undefined) ?? [],
      all: context.values.all === true,
      agents,
      copy: context.values.copy === true,
      force: context.values.force === true,
      limits: limitsFrom(context),
      io: terminalIo(context),
    });
    const lines = result.installed.map(
      (candidate) => `Installed ${candidate.name} → ${displayPath(candidate.target, context.cwd)}`,
    );
    lines.push(...result.notes, `Recorded in ${displayPath(result.scope.lockPath, context.cwd)}.`);
    context.stdout.write(`${lines.join("\n")}\n`);
    return EXIT_OK;
  },
};
