/**
 * @module `skillset read-properties` — the frontmatter of a skill as JSON, like the reference
 * validator's `read-properties` (SPEC §4).
 */
import { basename, join } from "node:path";
import { nodeFileSystem } from "@skillset/core/fs";
import { type Diagnostic, inertForTerminal } from "@skillset/core/model";
import { readSkillDocument } from "@skillset/core/validate";
import { pickSkillFile } from "@skillset/core/walker";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK } from "../command.js";
import { escapeJsonControls } from "../json/write-json.js";
import { skillArguments } from "../skill-argument.js";

/** The SKILL.md of a folder (or the file itself), or the message saying why there is none. */
async function findSkillFile(path: string): Promise<{ file: string } | { error: string }> {
  try {
    const stat = await nodeFileSystem.stat(path);
    if (!stat.isDirectory) {
      return basename(path).toLowerCase() === "skill.md"
        ? { file: path }
        : { error: `Not a directory: ${path}` };
    }
    const file = pickSkillFile(await nodeFileSystem.readdir(path));
    return file ? { file: join(path, file.name) } : { error: `Missing required file: SKILL.md in ${path}` };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: code === "ENOENT" ? `Path does not exist: ${path}` : `Cannot read ${path} (${code})` };
  }
}

/** Prints why; the message may quote the file's own text (a parser finding), so it is shown inert. */
function fail(context: CommandContext, message: string): number {
  context.stderr.write(`skillset read-properties: ${inertForTerminal(message, { keepLines: true })}\n`);
  return EXIT_FINDINGS;
}

function firstError(diagnostics: readonly Diagnostic[]): Diagnostic | undefined {
  return diagnostics.find((finding) => finding.severity === "error");
}

export async function run(context: CommandContext): Promise<number> {
  const given = (await skillArguments(context, context.positionals))[0]!;
  if ("problem" in given) return fail(context, given.problem);
  const found = await findSkillFile(given.path);
  if ("error" in found) return fail(context, found.error);
  const read = await readSkillDocument(found.file, { fs: nodeFileSystem, mode: "lenient" });
  const document = read.parsed?.document;
  if (!document) return fail(context, read.diagnostics[0]?.message ?? `Cannot read ${found.file}`);
  if (!document.hasFrontmatter)
    return fail(context, `SKILL.md must start with YAML frontmatter (---): ${found.file}`);
  const raw = document.raw;
  if (!raw)
    return fail(
      context,
      firstError(read.diagnostics)?.message ?? `Invalid YAML in frontmatter: ${found.file}`,
    );
  for (const field of ["name", "description"]) {
    if (raw[field] === undefined || raw[field] === null) {
      return fail(context, `Missing required field in frontmatter: ${field} (${found.file})`);
    }
  }
  context.stdout.write(`${escapeJsonControls(JSON.stringify(raw, null, 2))}\n`);
  return EXIT_OK;
}
