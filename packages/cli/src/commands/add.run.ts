/**
 * @module The work of `skillset add` (the command table row is `add.ts`).
 */
import { inertForTerminal } from "@skillset/core/model";
import { addSkills } from "@skillset/install";
import { type CommandContext, EXIT_OK } from "../command.js";
import { displayPath } from "../display-path.js";
import { interruptible, limitsFrom, terminalIo } from "../install-terminal.js";

export async function run(context: CommandContext): Promise<number> {
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
    specOnly: context.values["spec-only"] === true,
    limits: limitsFrom(context),
    ...interruptible(context),
    io: terminalIo(context),
  });
  const lines = result.installed.map(
    (candidate) =>
      `Installed ${inertForTerminal(candidate.name)} → ${displayPath(candidate.target, context.cwd)}`,
  );
  lines.push(...result.notes, `Recorded in ${displayPath(result.scope.lockPath, context.cwd)}.`);
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}
