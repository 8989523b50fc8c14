/**
 * @module `skillset read skill://…` — through the same lookup (a name only, exact names included) and
 * the same checks as the model's `skill_read`.
 */
import { parseSkillUri, readSkillFile } from "@skillset/core/loader";
import { inertForTerminal, SkillsetError } from "@skillset/core/model";
import { exactSkillName } from "@skillset/core/registry";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { findUsableSkill } from "../find-usable-skill.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";

/** `skillset read`: exit 0 with the content, 1 when refused or missing, 2 for text that is no skill:// URL. */
export async function run(context: CommandContext): Promise<number> {
  const parsed = parseSkillUri(context.positionals[0] ?? "");
  if (!parsed.ok) {
    if (parsed.error.code === "uri-invalid") throw new UsageError(inertForTerminal(parsed.error.message));
    context.stderr.write(`skillset read: ${inertForTerminal(parsed.error.message)}\n`);
    return EXIT_FINDINGS;
  }
  const { registry } = await openRegistry(context, { oneSkill: parsed.uri.name });
  const found = await findUsableSkill(context, registry, parsed.uri.name, parsed.uri);
  if ("problem" in found) {
    context.stderr.write(`skillset read: ${found.problem}\n`);
    return EXIT_FINDINGS;
  }
  let content: Awaited<ReturnType<typeof readSkillFile>>;
  try {
    // The URL given back names this skill and no other, as skill_read's does (an exact name when shadowed).
    content = await readSkillFile(found.entry.skill, parsed.uri.segments, {
      uriName: exactSkillName(found.entry.skill, registry.entries()),
    });
  } catch (error) {
    if (!SkillsetError.isInstance(error)) throw error;
    context.stderr.write(`skillset read: ${inertForTerminal(error.message)}\n`);
    return EXIT_FINDINGS;
  }
  if (context.values.json) {
    writeJson(context.stdout, content);
    return EXIT_OK;
  }
  if (content.kind === "folder") {
    context.stdout.write(`${content.entries.map((entry) => inertForTerminal(entry)).join("\n")}\n`);
  } else if (content.kind === "binary") {
    context.stdout.write(
      `${content.uri}: binary file (${content.mediaType}, ${content.size} bytes), not printed: ${content.path}\n`,
    );
  } else {
    context.stdout.write(inertForTerminal(content.text, { keepLines: true }));
  }
  return EXIT_OK;
}
