/**
 * @module `skillset new` — scaffold a skill that passes strict validation and lint (SPEC §13).
 */
import { statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { defaultConfig } from "@skillset/core/config";
import type { Diagnostic } from "@skillset/core/model";
import { checkName, suggestValidName } from "@skillset/core/parser";
import { findProjectRoot } from "@skillset/core/roots";
import { checkedWritePath } from "@skillset/core/state";
import {
  type LintTarget,
  lintRules,
  lintSkillFiles,
  lintSkills,
  validateFrontmatter,
  validateSkillDir,
} from "@skillset/core/validate";
import { painter } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { displayPath } from "../display-path.js";
import { writeJson } from "../json/write-json.js";

/** Where skills are created without `--dir`: the open standard's project folder (SPEC §5). */
export const DEFAULT_SKILLS_DIR = ".agents/skills";

/** Lint rules that judge only the name and description, so they can run before anything is written. */
const preflightRules = new Set([
  "reserved-name",
  "no-xml-tags",
  "host-command-name",
  "description-says-when",
]);

/** A YAML scalar for `value`: plain when YAML reads it back as the same text, else double-quoted. */
function yamlScalar(value: string): string {
  const plain =
    /^[\p{L}][\p{L}\p{N}-]*$/u.test(value) && !/^(null|true|false|yes|no|on|off|y|n)$/i.test(value);
  return plain ? value : JSON.stringify(value);
}

function title(name: string): string {
  const words = name.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The files of a new skill, by path relative to its folder. */
export function scaffoldFiles(name: string, description: string): Record<string, string> {
  return {
    "SKILL.md": [
      "---",
      `name: ${yamlScalar(name)}`,
      `description: ${JSON.stringify(description)}`,
      "---",
      "",
      `# ${title(name)}`,
      "",
      "## When to use",
      "",
      "- TODO: the requests and situations this skill is for.",
      "",
      "## Instructions",
      "",
      "1. TODO: the steps to follow, in order.",
      "",
      "## Resources",
      "",
      "Details needed only sometimes live in [references/REFERENCE.md](references/REFERENCE.md); read it when",
      "a step needs it. Keep this file under 500 lines and link every reference directly from here.",
      "",
    ].join("\n"),
    "references/REFERENCE.md": [
      `# ${title(name)}: reference`,
      "",
      "TODO: material the skill needs only sometimes (API notes, schemas, long examples).",
      "",
    ].join("\n"),
  };
}

/** Checks the name and description before writing; errors are usage errors naming the rule. */
async function preflight(name: string, description: string, path: string): Promise<Diagnostic[]> {
  const strict = [
    ...checkName(name, { path, dirName: name }),
    ...validateFrontmatter({ name, description }, { path, dirName: name }).filter((d) => d.field !== "name"),
  ];
  const target: LintTarget = {
    path,
    dir: path,
    name,
    raw: { name, description },
    body: "",
    bodyLine: 1,
    keyLines: {},
  };
  const rules = lintRules.filter((rule) => preflightRules.has(rule.id));
  const [linted] = await lintSkills([target], { rules });
  const found = [...strict, ...(linted?.diagnostics ?? [])];
  const error = found.find((finding) => finding.severity === "error");
  if (error) {
    const subject = error.field === "description" ? "description" : `name '${name}'`;
    const valid = error.field === "description" ? "" : suggestValidName(name);
    const retry = valid && valid !== name ? ` Try \`skillset new ${valid}\`.` : "";
    throw new UsageError(`invalid ${subject}: ${error.message} (${error.code})${retry}`);
  }
  return found;
}

function describeWrite(context: CommandContext, dir: string, files: string[], warnings: Diagnostic[]): void {
  if (context.values.json) {
    writeJson(context.stdout, { name: basename(dir), path: join(dir, "SKILL.md"), dir, files, warnings });
    return;
  }
  const paint = painter(context.color);
  const shown = displayPath(dir, context.cwd);
  const lines = [`Created ${paint("bold", `${shown}/`)}`, ...files.map((file) => `  ${file}`)];
  for (const warning of warnings)
    lines.push(`${paint("yellow", "warning")}  ${warning.message}  ${paint("gray", warning.code)}`);
  lines.push(
    `Next: fill in the TODOs, then run \`skillset validate --strict ${shown}\` and \`skillset lint ${shown}\`.`,
  );
  context.stdout.write(`${lines.join("\n")}\n`);
}

export async function run(context: CommandContext): Promise<number> {
  const name = context.positionals[0]!.normalize("NFKC");
  const given = context.values.description;
  const description =
    typeof given === "string" ? given : `TODO: describe what ${name} does. Use when the user asks to …`;
  // Without --dir, the project's skills folder wherever in the project you stand (not cwd's own), and
  // only through folders of the project: a clone's `.agents` may be a committed link to elsewhere.
  const projectRoot =
    typeof context.values.dir === "string"
      ? undefined
      : await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers);
  const parent =
    projectRoot === undefined
      ? resolve(context.cwd, context.values.dir as string)
      : join(projectRoot, DEFAULT_SKILLS_DIR);
  const dir = join(parent, name);
  if (projectRoot !== undefined) checkedWritePath(dir, [projectRoot]);
  const warnings = (await preflight(name, description, join(dir, "SKILL.md"))).filter(
    (finding) => finding.severity === "warning",
  );

  const parentFound = statSync(parent, { throwIfNoEntry: false });
  if (parentFound && !parentFound.isDirectory()) {
    context.stderr.write(
      `skillset new: ${displayPath(parent, context.cwd)} is a file, not a folder; nothing was changed. Give --dir a folder.\n`,
    );
    return EXIT_FINDINGS;
  }
  try {
    await mkdir(parent, { recursive: true });
    await mkdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === "EEXIST"
        ? "already exists; nothing was changed. Choose another name or remove it"
        : `cannot be created (${code})`;
    context.stderr.write(`skillset new: ${displayPath(dir, context.cwd)} ${reason}.\n`);
    return EXIT_FINDINGS;
  }
  const files = scaffoldFiles(name, description);
  for (const [relative, content] of Object.entries(files)) {
    const path = join(dir, relative);
    await mkdir(join(path, ".."), { recursive: true });
    await writeFile(path, content, { flag: "wx" });
  }

  // The scaffold must pass its own checks; if it ever does not, say so rather than hide it.
  const checked = [
    await validateSkillDir(dir, { mode: "strict" }),
    ...(await lintSkillFiles([join(dir, "SKILL.md")])),
  ];
  const errors = checked
    .flatMap((report) => report.diagnostics)
    .filter((finding) => finding.severity === "error");
  describeWrite(context, dir, Object.keys(files), warnings);
  if (errors.length > 0) {
    for (const finding of errors)
      context.stderr.write(`skillset new: ${finding.message} (${finding.code})\n`);
    return EXIT_FINDINGS;
  }
  return EXIT_OK;
}
