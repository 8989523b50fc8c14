/**
 * @module The catalog for a host that does not offer `skill_search` (SPEC §12): the note about left-out
 * skills, and the context format's rule, must not send the model to a tool it does not have.
 */
import { fillPrompt, omittedNote } from "../catalog/read-prompt.js";

const searchRule =
  /<rule>truncated="true" means some descriptions were shortened \(they end with …\) or some skills were left out: call skill_search to find skills that are not listed\.<\/rule>\n?/;

/** `text` with every mention of `skill_search` replaced by what the host can do instead. */
export function catalogWithoutSearch(text: string, omitted: number): string {
  let result = text.replace(
    searchRule,
    '<rule>truncated="true" means some descriptions were shortened (they end with …) or some skills were left out.</rule>\n',
  );
  if (omitted > 0) {
    const note = omittedNote(omitted);
    const replacement = fillPrompt("catalog-omitted-unsearchable.md", {
      count: String(omitted),
      skills: omitted === 1 ? "skill" : "skills",
    });
    result = result.replace(note, replacement);
  }
  return result;
}
