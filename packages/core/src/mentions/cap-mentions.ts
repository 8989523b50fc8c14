/**
 * @module The most mentions one message resolves (SPEC §8, §10): a pasted log full of `$words` must not
 * cost time or memory without bound.
 */
import { diagnostic } from "../model/diagnostic.js";
import type { Mention } from "./mention.js";
import type { MentionDiagnostic } from "./resolve-mentions.js";

/**
 * The first `max` mentions; when there are more, a `mention-limit` warning is added to `diagnostics`
 * (the rest are neither resolved nor returned).
 */
export function capMentions(mentions: Mention[], max: number, diagnostics: MentionDiagnostic[]): Mention[] {
  if (mentions.length <= max) return mentions;
  diagnostics.push(
    diagnostic(
      "warning",
      "mention-limit",
      `The message holds ${mentions.length} mentions; only the first ${max} were resolved. ` +
        "Raise mentions.maxPerMessage in the skillset config if such messages are expected.",
      "",
    ),
  );
  return mentions.slice(0, max);
}
