/**
 * @module `session.compacted()` (SPEC §12): after the host compacts the conversation, the messages that
 * bring back each loaded skill — a short reference, or its body loaded again — and the reload tracker
 * forgets them, so a later load gives the full body.
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
    const found = view.lookup(skillId);
    if (found.kind !== "found") continue;
    const skill = found.entry.skill;
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
