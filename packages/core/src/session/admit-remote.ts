/**
 * @module The approval gate of remote skills (SPEC §16): a remote skill is used only when the person
 * approved its current `{uri, digest}` set; otherwise the host's confirm callback is asked ("this skill
 * changed" when an earlier approval was revoked), and a yes is recorded. Its `allowed-tools` count only
 * as far as the person granted them explicitly (`skillset remote approve --allow-tools`). Before asking,
 * the skill's files are fetched, verified and audited (SPEC §17): the question names what the audit flags,
 * and a skill whose files cannot be audited is not offered.
 */
import { reaches } from "../audit/audit-finding.js";
import { auditSkillBytes } from "../audit/audit-skill.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { remoteOriginOf } from "../model/remote-origin.js";
import type { Skill } from "../model/skill.js";
import { callHost, describeHostFailure } from "../policy/call-host.js";
import type { ConfirmAnswer, ConfirmRequest } from "../policy/policy.js";

/** What the gate decided: refused with a diagnostic, or admitted with the tools the person granted. */
export type RemoteAdmission =
  | { ok: true; allowedTools: readonly string[] }
  | { ok: false; diagnostics: Diagnostic[] };

/** The question a person is asked about a remote skill. */
export function remoteApprovalMessage(skill: Skill, state: "unapproved" | "changed" | "dynamic"): string {
  const origin = remoteOriginOf(skill);
  const from = origin ? `the MCP server '${origin.label}' (${origin.uri})` : "a remote server";
  const tools = skill.frontmatter.allowedTools?.length
    ? ` It asks for allowed-tools ${skill.frontmatter.allowedTools.join(" ")}, which stay off unless granted with \`skillset remote approve ${skill.qualifiedName} --allow-tools\`.`
    : "";
  if (state === "changed")
    return `Remote skill '${skill.qualifiedName}' from ${from} changed since you approved it (its files or digests differ): this skill changed — approve it again to use it.${tools}`;
  if (state === "dynamic")
    return `Remote skill '${skill.qualifiedName}' from ${from} publishes no digests ("dynamic"): its content cannot be checked. Use it this once?${tools}`;
  return `Remote skill '${skill.qualifiedName}' comes from ${from} and has not been approved. Approve it to load it into this conversation?${tools}`;
}

/** Runs the gate for `skill` (a no-op for skills with no remote origin). */
export async function admitRemote(
  skill: Skill,
  confirm: ((request: ConfirmRequest) => ConfirmAnswer | Promise<ConfirmAnswer>) | undefined,
  timeoutMs: number,
): Promise<RemoteAdmission> {
  const origin = remoteOriginOf(skill);
  if (!origin) return { ok: true, allowedTools: skill.frontmatter.allowedTools ?? [] };
  const approval = await origin.reader.approval(skill);
  if (approval.state === "approved") return { ok: true, allowedTools: approval.allowedTools };
  const state = approval.state;
  let message = remoteApprovalMessage(skill, state);
  const code = state === "changed" ? "remote-changed" : "remote-not-approved";
  const findings: NonNullable<ConfirmRequest["remote"]>["findings"] = [];
  // The audit before the question, when there is someone to ask (SPEC §17).
  if (confirm) {
    try {
      const audit = auditSkillBytes(skill.dir, skill.path, await origin.reader.readForAudit(skill));
      for (const finding of audit.findings.filter((each) => reaches(each.severity, "medium")))
        findings.push({
          rule: finding.rule,
          severity: finding.severity,
          file: finding.file,
          ...(finding.line === undefined ? {} : { line: finding.line }),
          evidence: finding.evidence,
        });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return {
        ok: false,
        diagnostics: [
          diagnostic(
            "warning",
            code,
            `${message} Its files could not be audited (${why}); it was not loaded.`,
            skill.path,
          ),
        ],
      };
    }
    if (findings.length > 0)
      message += ` The audit flags it: ${findings
        .slice(0, 5)
        .map(
          (finding) =>
            `${finding.severity} ${finding.rule} (${finding.file}${finding.line === undefined ? "" : `:${finding.line}`}: ${finding.evidence})`,
        )
        .join(
          "; ",
        )}${findings.length > 5 ? `; and ${findings.length - 5} more` : ""}. Read them before approving (\`skillset remote approve ${skill.qualifiedName}\` shows them all).`;
  }
  const request: ConfirmRequest = {
    skill,
    rule: {
      action: "ask",
      skill: skill.qualifiedName,
      origin: { kind: "host", setting: "remote skill approval (SPEC §16)" },
    },
    remote: {
      label: origin.label,
      uri: origin.uri,
      state,
      message,
      ...(findings.length > 0 ? { findings } : {}),
    },
  };
  const asked = await callHost(confirm, [request], timeoutMs);
  if (!asked.ok) {
    const how =
      asked.reason === "missing"
        ? `approve it with \`skillset remote approve ${skill.qualifiedName}\``
        : `the host's confirm callback ${describeHostFailure(asked, timeoutMs)}`;
    return {
      ok: false,
      diagnostics: [diagnostic("warning", code, `${message} It was not loaded: ${how}.`, skill.path)],
    };
  }
  const answer = asked.value;
  const allow = typeof answer === "boolean" ? answer : answer.allow === true;
  if (!allow) {
    return {
      ok: false,
      diagnostics: [
        diagnostic(
          "warning",
          "remote-declined",
          `Remote skill '${skill.qualifiedName}' was not approved; it was not loaded.`,
          skill.path,
        ),
      ],
    };
  }
  // The person saw the findings and said yes: they are recorded as accepted with the approval, as
  // `skillset remote approve` records them, so `remote check` stops counting them.
  await origin.reader.approve(skill, {
    acceptedRisks: [...new Set(findings.map((finding) => finding.rule))],
  });
  return { ok: true, allowedTools: [] };
}
