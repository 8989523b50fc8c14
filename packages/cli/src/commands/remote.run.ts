/**
 * @module The work of `skillset remote` (the command table row is `remote.ts`): every configured server's
 * state and skills with their approvals (`list`), the same with drift as findings (`check`), and the
 * person's approval of one skill's current `{uri, digest}` set (`approve`).
 */
import { type Diagnostic, inertForTerminal, type RemoteOrigin } from "@skillset/core/model";
import type { RemoteServerStatus, RemoteSource } from "@skillset/remote";
import { type CommandContext, EXIT_FINDINGS, EXIT_OK, UsageError } from "../command.js";
import { importRemote } from "../import-remote.js";
import { writeJson } from "../json/write-json.js";

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
    if (context.values.json) {
      writeJson(context.stdout, {
        servers,
        ...(action === "check" ? { drift } : {}),
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
      }
    }
    const unreachable = servers.some((server) => server.state !== "online");
    return action === "check" && (drift.length > 0 || unreachable || opened.diagnostics.length > 0)
      ? EXIT_FINDINGS
      : EXIT_OK;
  } finally {
    await opened.close();
  }
}

async function approve(
  context: CommandContext,
  sources: readonly RemoteSource[],
  qualified: string,
): Promise<number> {
  const colon = qualified.indexOf(":");
  const label = colon > 0 ? qualified.slice(0, colon) : "";
  const source = sources.find((each) => each.label === label);
  if (!source) {
    throw new UsageError(
      `'${qualified}' names no configured server; remote skills are label:name with a label from your config's remotes (${sources.map((each) => each.label).join(", ") || "none configured"}).`,
    );
  }
  const listing = await source.list();
  const matches = listing.skills.filter((skill) => skill.qualifiedName === qualified);
  if (matches.length !== 1) {
    const refused = listing.diagnostics.find((found) =>
      found.path.endsWith(`/${qualified.slice(colon + 1)}/SKILL.md`),
    );
    const why = refused
      ? ` ${refused.message}`
      : matches.length > 1
        ? " Several skills share that name on the server."
        : "";
    context.stderr.write(
      `No approvable remote skill '${inertForTerminal(qualified)}'.${inertForTerminal(why)}\n`,
    );
    return EXIT_FINDINGS;
  }
  const skill = matches[0]!;
  const origin = skill.origin as RemoteOrigin;
  const allowedTools = context.values["allow-tools"] === true ? (skill.frontmatter.allowedTools ?? []) : [];
  await origin.reader.approve(skill, { allowedTools });
  const files = origin.resources === "dynamic" ? 0 : origin.resources.length;
  if (context.values.json) {
    writeJson(context.stdout, {
      approved: { qualifiedName: skill.qualifiedName, uri: origin.uri, files, allowedTools },
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
