/**
 * @module Where each `skill://` reference of a resolved turn leads (SPEC §9): the file it names inside
 * its skill — through the checks `skillset read` and `skill_read` use — or, when there is no such file
 * (or it leads out of the skill), a finding with the loader's `File not found` / refusal message; when
 * no skill has the name at all, a `skill-not-found` finding with the near names, as `show` gives them.
 */
import { readSkillFile } from "@skillset/core/loader";
import type { SkillReference } from "@skillset/core/mentions";
import { type Diagnostic, SkillsetError } from "@skillset/core/model";
import { lookupName, type SkillRegistry } from "@skillset/core/registry";
import { unknownSkillMessage } from "./skill-messages.js";

/** A reference's target: the file's path, or the finding that says why there is none (no such skill, no such file). */
export type ReferenceTarget = { path: string } | { finding: Diagnostic; missing: "skill" | "file" };

/** Codes of `readSkillFile` errors that mean the reference leads to no file of the skill. */
const UNREACHABLE: ReadonlySet<string> = new Set(["file-not-found", "path-refused"]);

/**
 * The target of each reference, in the order given: undefined for a name that means a skill the turn may
 * not use (disabled, denied, ambiguous: the mention stage's business), a finding for a name no skill has.
 */
export async function referenceTargets(
  references: readonly SkillReference[],
  registry: SkillRegistry,
): Promise<(ReferenceTarget | undefined)[]> {
  return Promise.all(
    references.map(async (reference): Promise<ReferenceTarget | undefined> => {
      const { skill } = reference;
      if (skill === undefined) {
        if (lookupName(registry.entries(), reference.name).kind !== "not-found") return undefined;
        const message = unknownSkillMessage(registry, reference.name, ` (${reference.mention.raw})`);
        return {
          finding: { severity: "warning", code: "skill-not-found", message, path: "" },
          missing: "skill",
        };
      }
      if (reference.segments.length === 0) return { path: skill.path };
      try {
        // The mention stage parsed and checked the path (`parseSkillUri`); maxBytes 0: the file is
        // found and checked, never read.
        return { path: (await readSkillFile(skill, reference.segments, { maxBytes: 0 })).path };
      } catch (error) {
        if (!SkillsetError.isInstance(error)) throw error;
        // Too large or not a regular file: it is there, only not readable as text.
        if (!UNREACHABLE.has(error.code)) return { path: error.path ?? skill.dir };
        const finding: Diagnostic = {
          severity: "warning",
          code: error.code,
          message: error.message,
          path: error.path ?? skill.dir,
        };
        return { finding, missing: "file" };
      }
    }),
  );
}
