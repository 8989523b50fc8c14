/**
 * @module `skillset to-prompt <dirs…>` — the `<available_skills>` XML for the given skill folders, like the
 * reference validator's `to-prompt` (SPEC §4, §7): no discovery, no budget, the folders in the order given.
 */
import { readdir, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { type AvailableSkill, formatAvailableSkills } from "@skillset/core/catalog";
import { inertForTerminal } from "@skillset/core/model";
import { parseSkillFile } from "@skillset/core/parser";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { skillArguments } from "../skill-argument.js";

type Found = { ok: true; skill: AvailableSkill } | { ok: false; problem: string };

/** `SKILL.md` in `dir`, else the lowercase `skill.md` (SPEC §4); undefined when neither exists. */
async function findSkillFile(dir: string): Promise<string | undefined> {
  const names = await readdir(dir);
  const name = names.includes("SKILL.md") ? "SKILL.md" : names.includes("skill.md") ? "skill.md" : undefined;
  return name === undefined ? undefined : join(dir, name);
}

/** Reads one skill folder (or a SKILL.md path) into an `<available_skills>` entry, or says what is wrong. */
async function readSkill(cwd: string, argument: string): Promise<Found> {
  let dir = resolve(cwd, argument);
  if (basename(dir).toLowerCase() === "skill.md") dir = dirname(dir);
  try {
    if (!(await stat(dir)).isDirectory()) return { ok: false, problem: `${dir}: Not a directory` };
  } catch {
    return { ok: false, problem: `${dir}: Path does not exist` };
  }
  let file: string | undefined;
  try {
    file = await findSkillFile(dir);
  } catch (error) {
    return {
      ok: false,
      problem: `${dir}: Cannot read the folder (${(error as NodeJS.ErrnoException).code ?? "error"})`,
    };
  }
  if (file === undefined) return { ok: false, problem: `${dir}: Missing required file: SKILL.md` };
  const { skill, diagnostics } = await parseSkillFile(file);
  if (skill === undefined) {
    const error = diagnostics.find((found) => found.severity === "error");
    const message = error?.message ?? "the skill could not be loaded";
    return {
      ok: false,
      problem: message.includes(file) || message.includes(dir) ? message : `${file}: ${message}`,
    };
  }
  return { ok: true, skill: { name: skill.name, description: skill.description, location: file } };
}

export async function run(context: CommandContext): Promise<number> {
  const given = await skillArguments(context, context.positionals);
  const found = await Promise.all(
    given.map(async (argument): Promise<Found> => {
      if ("problem" in argument) return { ok: false, problem: argument.problem }; // inert already
      const read = await readSkill(context.cwd, argument.path);
      return read.ok ? read : { ok: false, problem: inertForTerminal(read.problem) };
    }),
  );
  const problems = found.flatMap((item) => (item.ok ? [] : [item.problem]));
  if (problems.length > 0) {
    context.stderr.write(problems.map((problem) => `skillset to-prompt: ${problem}\n`).join(""));
    return EXIT_FINDINGS;
  }
  const skills = found.flatMap((item) => (item.ok ? [item.skill] : []));
  // XML-escaped already, but XML keeps control characters: make them inert for the terminal too.
  context.stdout.write(`${inertForTerminal(formatAvailableSkills(skills), { keepLines: true })}\n`);
  return EXIT_OK;
}
