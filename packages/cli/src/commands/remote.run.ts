/**
 * @module The work of `skillset remote` (the command table row is `remote.ts`): every configured server's
 * state and skills with their approvals (`list`), the same with drift and each skill's audit as findings
 * (`check`), and the person's approval of one skill's current `{uri, digest}` set (`approve`), given
 * only after its audit was shown and its flagged findings approved like `add`'s (SPEC §16, §17).
 */
import { isFlagged, reaches, type SkillAudit } from "@skillset/core/audit";
import { type Diagnostic, inertForTerminal, type RemoteOrigin } from "@skillset/core/model";
import type { RemoteServerStatus, RemoteSkillAudit, RemoteSource } from "@skillset/remote";
import { formatFinding, listedFindings } from "../audit-text.js";
import { painter, shouldColor } from "../color.js";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { importRemote } from "../import-remote.js";
import { allowedRisks, approveAuditFindings } from "../install-terminal.js";
import { writeJson } from "../json/write-json.js";

/** The severity from which a remote skill's finding needs approval, as for `add` (SPEC §17). */
const APPROVAL_SEVERITY = "medium";

/** An audit as `--json` gives it: its verdict at medium and every finding. */
function auditJson(audit: SkillAudit) {
  return {
    verdict: isFlagged(audit, APPROVAL_SEVERITY) ? ("flagged" as const) : ("clean" as const),
    findings: audit.findings,
  };
}

/** A skill whose approval no longer matches what its server lists. */
interface Drift {
  qualifiedName: string;
  uri: string;
  state: "changed";
}

function home(context: CommandContext): { home?: string } {
  return context.env.HOME ? { home: context.env.HOME } : {};
}

function printServers(
  context: CommandContext,
  servers: RemoteServerStatus[],
  diagnostics: Diagnostic[],
): void {
  const lines: string[] = [];
  if (servers.length === 0)
    lines.push("No remotes configured. Add `remotes` to your config file (label + url, or label + command).");
  for (const server of servers) {
    const why = server.error ? ` (${inertForTerminal(server.error)})` : "";
    lines.push(`${inertForTerminal(server.label)}  ${server.transport}  ${server.state}${why}`);
    for (const skill of server.skills) {
      const files = skill.files === "dynamic" ? "dynamic" : `${skill.files} files, ${skill.bytes} bytes`;
      const tools =
        skill.allowedTools.length > 0
          ? `, tools granted: ${inertForTerminal(skill.allowedTools.join(" "))}`
          : "";
      lines.push(
        `  ${inertForTerminal(skill.qualifiedName)}  ${skill.approval}${tools}  (${files}; ${inertForTerminal(skill.uri)})`,
      );
    }
    for (const found of server.diagnostics)
      lines.push(`  ${found.severity}: ${inertForTerminal(found.message)}`);
  }
  for (const found of diagnostics) lines.push(`${found.severity}: ${inertForTerminal(found.message)}`);
  context.stdout.write(`${lines.join("\n")}\n`);
}

export async function run(context: CommandContext): Promise<number> {
  const [action, name] = context.positionals;
  if (action !== "list" && action !== "check" && action !== "approve")
    throw new UsageError(`unknown action '${action}'; use list, check or approve`);
  if (action === "approve" ? name === undefined : name !== undefined)
    throw new UsageError(
      action === "approve" ? "approve needs a skill: label:name" : `${action} takes no name`,
    );
  if (action === "approve")
    allowedRisks(context); // an unknown rule is a usage error before any server starts
  else if (context.values["allow-risk"] !== undefined || context.values.yes !== undefined)
    throw new UsageError("--allow-risk and --yes go with approve");
  const { openRemotes } = await importRemote();
  const opened = await openRemotes({ env: context.env, ...home(context) });
  try {
    if (action === "approve") return await approve(context, opened.sources, name as string);
    const servers = await Promise.all(opened.sources.map((source) => source.status()));
    const drift: Drift[] = servers.flatMap((server) =>
      server.skills
        .filter((skill) => skill.approval === "changed")
        .map((skill) => ({ qualifiedName: skill.qualifiedName, uri: skill.uri, state: "changed" as const })),
    );
    // check audits every listed skill (its files fetched and verified as for a load); list fetches nothing.
    const audits: RemoteSkillAudit[] =
      action === "check" ? (await Promise.all(opened.sources.map((source) => source.audits()))).flat() : [];
    // Findings the person accepted with the skill's current approval no longer count against it.
    const flagged = audits
      .map((entry) =>
        entry.audit ? { ...entry, audit: withoutAccepted(entry.audit, entry.acceptedRisks) } : entry,
      )
      .filter((entry) => entry.audit && isFlagged(entry.audit, APPROVAL_SEVERITY));
    const unaudited = audits.filter((entry) => entry.error !== undefined);
    if (context.values.json) {
      writeJson(context.stdout, {
        servers,
        ...(action === "check"
          ? {
              drift,
              audits: audits.map(({ qualifiedName, uri, audit, error, acceptedRisks }) => ({
                qualifiedName,
                uri,
                ...(audit ? auditJson(audit) : { error }),
                ...(acceptedRisks ? { acceptedRisks } : {}),
              })),
            }
          : {}),
        diagnostics: opened.diagnostics,
      });
    } else {
      printServers(context, servers, opened.diagnostics);
      if (action === "check") {
        for (const changed of drift) {
          context.stdout.write(
            `changed: ${inertForTerminal(changed.qualifiedName)} — this skill changed since you approved it; review it and run \`skillset remote approve ${inertForTerminal(changed.qualifiedName)}\`.\n`,
          );
        }
        printAudits(context, flagged, unaudited);
        for (const { qualifiedName, acceptedRisks } of audits) {
          if (!acceptedRisks?.length || flagged.some((entry) => entry.qualifiedName === qualifiedName))
            continue;
          context.stdout.write(
            `accepted: ${inertForTerminal(qualifiedName)} — you approved it with the audit's findings of ${acceptedRisks.map((rule) => inertForTerminal(rule)).join(", ")}.\n`,
          );
        }
      }
    }
    const unreachable = servers.some((server) => server.state !== "online");
    const found =
      drift.length > 0 ||
      unreachable ||
      opened.diagnostics.length > 0 ||
      flagged.length > 0 ||
      unaudited.length > 0;
    return action === "check" && found ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    await opened.close();
  }
}

/** `audit` without the findings of the rules in `accepted` (the ones the person accepted when approving). */
function withoutAccepted(audit: SkillAudit, accepted: readonly string[] | undefined): SkillAudit {
  if (accepted === undefined || accepted.length === 0) return audit;
  return { ...audit, findings: audit.findings.filter((finding) => !accepted.includes(finding.rule)) };
}

/** `check`'s audit lines: each flagged skill with its findings, each skill that could not be audited. */
function printAudits(
  context: CommandContext,
  flagged: readonly RemoteSkillAudit[],
  unaudited: readonly RemoteSkillAudit[],
): void {
  const paint = painter(shouldColor(context.env, context.stdout.isTTY));
  const lines: string[] = [];
  for (const { qualifiedName, audit } of flagged) {
    lines.push(
      `flagged: ${inertForTerminal(qualifiedName)} — the audit flags it; read the findings before approving:`,
    );
    for (const finding of audit!.findings.filter((each) => reaches(each.severity, APPROVAL_SEVERITY)))
      lines.push(...formatFinding(finding, paint, "    "));
  }
  for (const { qualifiedName, error } of unaudited)
    lines.push(
      `unaudited: ${inertForTerminal(qualifiedName)} — its files could not be read: ${inertForTerminal(error ?? "")}`,
    );
  if (lines.length > 0) context.stdout.write(`${lines.join("\n")}\n`);
}

async function approve(
  context: CommandContext,
  sources: readonly RemoteSource[],
  qualified: string,
): Promise<number> {
  // `label:name`, or the path `mcp://label/<uri>` that names one of several skills of a name (SPEC §16:
  // identity is (label, uri)).
  const byPath = /^mcp:\/\/([^/]+)\/(.+)$/.exec(qualified);
  const colon = qualified.indexOf(":");
  const label = byPath ? byPath[1]! : colon > 0 ? qualified.slice(0, colon) : "";
  const source = sources.find((each) => each.label === label);
  if (!source) {
    throw new UsageError(
      `'${qualified}' names no configured server; remote skills are label:name (or mcp://label/<uri>) with a label from your config's remotes (${sources.map((each) => each.label).join(", ") || "none configured"}).`,
    );
  }
  const listing = await source.list();
  const matches = listing.skills.filter((skill) =>
    byPath ? skill.path === qualified : skill.qualifiedName === qualified,
  );
  if (matches.length !== 1) {
    const refused = byPath
      ? listing.diagnostics.find((found) => found.path === qualified)
      : listing.diagnostics.find((found) => found.path.endsWith(`/${qualified.slice(colon + 1)}/SKILL.md`));
    const why = refused
      ? ` ${refused.message}`
      : matches.length > 1
        ? ` Several skills share that name on the server; approve one by its path: ${matches.map((skill) => `skillset remote approve '${skill.path}'`).join(" or ")}.`
        : "";
    context.stderr.write(
      `No approvable remote skill '${inertForTerminal(qualified)}'.${inertForTerminal(why)}\n`,
    );
    return EXIT_FINDINGS;
  }
  const skill = matches[0]!;
  const origin = skill.origin as RemoteOrigin;
  if (origin.resources === "dynamic") {
    context.stderr.write(
      `Not approved: ${inertForTerminal(skill.qualifiedName)} is a dynamic skill (the server lists no digests for it), so an approval here could not be kept: nothing binds it to what the server sends next. A host confirms it in the session that loads it, each time.\n`,
    );
    return EXIT_FINDINGS;
  }
  // The audit first (SPEC §17): the person sees what the files do, and a flagged skill needs their
  // approval of its findings (a prompt, --yes short of critical, or --allow-risk RULE), as for `add`.
  const { auditRemoteSkill } = await importRemote();
  const audit = await auditRemoteSkill(skill);
  const flagged = audit.findings.filter((finding) => reaches(finding.severity, APPROVAL_SEVERITY));
  if (!context.values.json) printApprovalAudit(context, audit);
  if (
    flagged.length > 0 &&
    !(await approveAuditFindings(context, skill.qualifiedName, flagged, "Approve it anyway?"))
  ) {
    const rules = [...new Set(flagged.map((finding) => finding.rule))];
    const reason = `the audit flags it (${rules.join(", ")}); nothing was approved`;
    if (context.values.json)
      writeJson(context.stdout, {
        refused: { qualifiedName: skill.qualifiedName, uri: origin.uri, reason, ...auditJson(audit) },
      });
    else context.stderr.write(`Not approved: ${inertForTerminal(skill.qualifiedName)}: ${reason}.\n`);
    return EXIT_FINDINGS;
  }
  const allowedTools = context.values["allow-tools"] === true ? (skill.frontmatter.allowedTools ?? []) : [];
  // The flagged findings' rules are recorded with the approval: `remote check` then stops counting them
  // while this approval holds (a changed skill revokes it, and its findings are asked about again).
  const acceptedRisks = [...new Set(flagged.map((finding) => finding.rule))].sort();
  await origin.reader.approve(skill, { allowedTools, acceptedRisks });
  const files = origin.resources.length;
  if (context.values.json) {
    writeJson(context.stdout, {
      approved: {
        qualifiedName: skill.qualifiedName,
        uri: origin.uri,
        files,
        allowedTools,
        ...(acceptedRisks.length > 0 ? { acceptedRisks } : {}),
        audit: auditJson(audit),
      },
    });
    return EXIT_OK;
  }
  const declared = skill.frontmatter.allowedTools ?? [];
  const tools =
    declared.length === 0
      ? ""
      : allowedTools.length > 0
        ? ` Granted its allowed-tools: ${inertForTerminal(allowedTools.join(" "))}.`
        : ` Its allowed-tools (${inertForTerminal(declared.join(" "))}) stay off; add --allow-tools to grant them.`;
  context.stdout.write(
    `Approved ${inertForTerminal(skill.qualifiedName)} from '${inertForTerminal(label)}' (${files} files, bound to their digests; any change revokes it).${tools}\n`,
  );
  return EXIT_OK;
}

/** What `approve` shows before it asks: the findings worth reading (low or worse) and a count of notes. */
function printApprovalAudit(context: CommandContext, audit: SkillAudit): void {
  const paint = painter(shouldColor(context.env, context.stdout.isTTY));
  const listed = listedFindings(audit);
  const flagged = isFlagged(audit, APPROVAL_SEVERITY);
  const lines = [
    `audit  ${flagged ? paint("red", "flagged") : paint("green", "clean")}  (${audit.files.scanned} file${audit.files.scanned === 1 ? "" : "s"} read)`,
  ];
  for (const finding of listed) lines.push(...formatFinding(finding, paint));
  context.stdout.write(`${lines.join("\n")}\n`);
}
