/**
 * @module `session.compacted()` (SPEC §12): after the host compacts the conversation, the messages that
 * bring back each skill still in force — a short reference, or its body loaded again with the arguments it
 * was loaded with — and the reload tracker forgets them, so a later load gives the full body. A skill the
 * host ended, one that ran in a subagent, and one switched off or denied since do not come back.
 */
import { fillPrompt } from "../catalog/read-prompt.js";
import { loadSkill } from "../loader/load-skill.js";
import { exactSkillName } from "../registry/exact-skill-name.js";
import type { SessionState } from "./session-state.js";
import type { CompactedOptions, SessionMessage } from "./session-types.js";

/** The messages for each loaded skill after a compaction (`keep`: `reference` by default, or `body`). */
export async function compactedMessages(
  state: SessionState,
  compaction: CompactedOptions = {},
): Promise<SessionMessage[]> {
  const { host, view } = state;
  const keep = compaction.keep ?? "reference";
  const messages: SessionMessage[] = [];
  for (const [skillId, record] of state.loaded) {
    state.tracker.forget(skillId);
    // Only what is still in force comes back: not a skill the host ended, nor one that ran in a subagent.
    if (!record.active || record.forked) continue;
    const found = view.lookup(skillId);
    if (found.kind !== "found") continue;
    const skill = found.entry.skill;
    // Nor one switched off or denied since it was loaded (SPEC §6, §11: refused on every path).
    if (!found.entry.enabled || state.parts.policy.isDenied(skill)) continue;
    if (keep === "reference") {
      messages.push({
        role: "user",
        content: fillPrompt("skill-compacted.md", { name: record.name, path: record.path }),
        skill,
      });
      continue;
    }
    try {
      const again = await loadSkill(skill, {
        envelope: host.envelope ?? "message",
        uriName: exactSkillName(skill, view.entries()),
        tracker: state.tracker,
        sessionId: state.id,
        preprocess: state.preprocess,
        ...(record.args === undefined ? {} : { args: record.args }),
      });
      messages.push({
        role: host.envelope === "preloaded" ? "system" : "user",
        content: again.text,
        skill,
      });
    } catch {
      messages.push({
        role: "user",
        content: fillPrompt("skill-compacted.md", { name: record.name, path: record.path }),
        skill,
      });
    }
  }
  return messages;
}
