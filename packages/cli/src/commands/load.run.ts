/**
 * @module `skillset load <name|path> [args…]` — the body a model would get, in the chosen envelope.
 */
import { ENVELOPES, type EnvelopeName, loadSkill } from "@skillset/core/loader";
import { inertForTerminal } from "@skillset/core/model";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { findUsableSkill } from "../find-usable-skill.js";
import { entryJson } from "../json/skill-json.js";
import { writeJson } from "../json/write-json.js";
import { openRegistry } from "../open-skillset.js";

function parseEnvelope(value: unknown): EnvelopeName {
  if (value === undefined) return "tool";
  if ((ENVELOPES as readonly unknown[]).includes(value)) return value as EnvelopeName;
  throw new UsageError(`unknown envelope '${String(value)}'; use one of ${ENVELOPES.join(", ")}`);
}

/** `skillset load`: exit 0 with the text, 1 when the skill is unknown, ambiguous, disabled or unreadable. */
export async function run(context: CommandContext): Promise<number> {
  const envelope = parseEnvelope(context.values.envelope);
  const [key = "", ...args] = context.positionals;
  const { registry } = await openRegistry(context, { oneSkill: key });
  const found = await findUsableSkill(context, registry, key);
  if ("problem" in found) {
    context.stderr.write(`skillset load: ${found.problem}\n`);
    return EXIT_FINDINGS;
  }
  const loaded = await loadSkill(found.entry.skill, { envelope, args });
  if (context.values.json) {
    writeJson(context.stdout, {
      skill: entryJson(found.entry),
      envelope,
      args: loaded.args,
      body: loaded.body,
      text: loaded.text,
      ...(loaded.files ? { files: loaded.files.files, filesTruncated: loaded.files.truncated } : {}),
    });
    return EXIT_OK;
  }
  context.stdout.write(`${inertForTerminal(loaded.text, { keepLines: true })}\n`);
  return EXIT_OK;
}
