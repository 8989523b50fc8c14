/**
 * @module The audit of a remote skill (SPEC §16, §17): its files, fetched and verified against the entry
 * its server listed, run through the same audit stage as a skill on disk — before the person approves it
 * (`remote approve`, the session's approval gate) and whenever `remote check` looks.
 */
import { auditSkillBytes, type SkillAudit } from "@skillset/core/audit";
import { remoteOriginOf, type Skill, SkillsetError } from "@skillset/core/model";

/** The audit of remote skill `skill` (throws a `SkillsetError` when its files cannot be read or verified). */
export async function auditRemoteSkill(skill: Skill): Promise<SkillAudit> {
  const origin = remoteOriginOf(skill);
  if (!origin)
    throw new SkillsetError("remote-unknown", `${skill.path} is not a remote skill.`, { path: skill.path });
  return auditSkillBytes(skill.dir, skill.path, await origin.reader.readForAudit(skill));
}
