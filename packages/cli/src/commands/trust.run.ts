/**
 * @module The work of `skillset trust`: trust this project as its files are now, take the trust back
 * (`--revoke`), or list the trusted projects (`--list`), in the person's own `trusted-projects.json`.
 */
import {
  defaultConfig,
  loadConfig,
  PROJECT_WIDENING_FILES,
  projectTrust,
  resolveHome,
} from "@skillset/core/config";
import { inertForTerminal } from "@skillset/core/model";
import { findProjectRoot } from "@skillset/core/roots";
import { listTrustedProjects, revokeProjectTrust, trustProject } from "@skillset/core/state";
import { type CommandContext, EXIT_OK, UsageError } from "../command.js";
import { writeJson } from "../json/write-json.js";

const inert = (text: string) => inertForTerminal(text);

/** `skillset trust [--revoke | --list]`. */
export async function run(context: CommandContext): Promise<number> {
  const { values } = context;
  if (values.revoke && values.list) throw new UsageError("choose one of --revoke and --list");
  const home = resolveHome({ env: context.env });
  const projectRoot = await findProjectRoot(context.cwd, defaultConfig.discovery.projectMarkers);
  const location = { projectRoot, env: context.env, home };
  if (values.list) return list(context, location);
  if (values.revoke) {
    const removed = await revokeProjectTrust(location);
    const now = await projectTrust(location);
    if (values.json) {
      writeJson(context.stdout, {
        action: "revoke",
        projectRoot,
        path: now.path,
        file: now.file,
        state: now.state,
        revoked: removed !== undefined,
      });
      return EXIT_OK;
    }
    context.stdout.write(
      removed
        ? `No longer trusted: ${inert(now.path)}. Its own settings files may again only narrow what you allow.\n`
        : `Not trusted, nothing to revoke: ${inert(now.path)}.\n`,
    );
    return EXIT_OK;
  }
  // What trusting allows: the project config settings ignored until now (read before the record is written).
  const before = await loadConfig({ projectRoot, cwd: context.cwd, env: context.env, home });
  const trusted = await trustProject(location);
  const allowed = before.trust?.state === "trusted" ? [] : before.ignored;
  if (values.json) {
    writeJson(context.stdout, {
      action: "trust",
      projectRoot,
      path: trusted.path,
      file: trusted.file,
      state: trusted.state,
      digest: trusted.digest,
      trustedAt: trusted.record?.trustedAt,
      files: [...PROJECT_WIDENING_FILES],
      allowed,
    });
    return EXIT_OK;
  }
  const lines = [`Trusted ${inert(trusted.path)}.`];
  if (allowed.length > 0) {
    lines.push("Its config settings that widen what you allow now apply:");
    for (const setting of allowed) lines.push(`  ${setting.key}: ${inert(setting.widens)}`);
  }
  lines.push(
    `Recorded in ${inert(trusted.file)} with a digest of ${PROJECT_WIDENING_FILES.join(", ")}.`,
    "When one of them changes (a pull, say), run `skillset trust` here again; `skillset trust --revoke` takes it back.",
  );
  context.stdout.write(`${lines.join("\n")}\n`);
  return EXIT_OK;
}

async function list(
  context: CommandContext,
  location: { projectRoot: string; env: Record<string, string | undefined>; home: string },
): Promise<number> {
  const recorded = await listTrustedProjects(location);
  const projects = await Promise.all(
    recorded.map(async (record) => {
      const now = await projectTrust({ ...location, projectRoot: record.path });
      return { ...record, state: now.state === "trusted" ? "trusted" : "changed" };
    }),
  );
  if (context.values.json) {
    writeJson(context.stdout, { action: "list", file: (await projectTrust(location)).file, projects });
    return EXIT_OK;
  }
  if (projects.length === 0) {
    context.stdout.write("No trusted projects. Run `skillset trust` in a project to trust it.\n");
    return EXIT_OK;
  }
  for (const project of projects) {
    const note =
      project.state === "trusted" ? "" : " (its files changed since; run `skillset trust` there again)";
    context.stdout.write(
      `${project.state.padEnd(8)}  ${inert(project.path)}  since ${project.trustedAt}${note}\n`,
    );
  }
  return EXIT_OK;
}
