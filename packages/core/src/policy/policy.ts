/**
 * @module The policy a session and every surface apply (SPEC §11): configured, host-given and imported
 * permission rules, remembered answers, the agents' per-skill overrides and trust — loaded once.
 */

import { configPaths, resolveHome } from "../config/config-paths.js";
import type { PolicyConfig } from "../config/config-schema.js";
import { type ProjectTrust, projectSettingIgnored, projectTrust } from "../config/project-trust.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import type { DiagnosticCode } from "../model/codes.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { Skill } from "../model/skill.js";
import { openStateStore } from "../state/open-state-store.js";
import type { PermissionAnswer } from "../state/state-schema.js";
import { keepingTrust } from "../state/trust-project.js";
import { callHost, describeHostFailure } from "./call-host.js";
import { importAgentSettings } from "./import-agent-settings.js";
import { type ImportedSettings, noImportedSettings } from "./imported-settings.js";
import { checkPermissionRules, describeOrigin, type PolicyRule } from "./permission-rules.js";
import {
  createPermissions,
  type PermissionDecision,
  type Permissions,
  type PermissionTool,
} from "./permissions.js";
import { createOverrides, type Overrides } from "./skill-overrides.js";
import { isTrusted } from "./trust.js";

/** What the host is asked when a rule says `ask`. */
export interface ConfirmRequest {
  skill: Skill;
  /** The tool the skill is reached through; absent for mentions, commands and the CLI. */
  tool?: PermissionTool;
  /** The `ask` rule, with its origin. */
  rule: PolicyRule;
  /**
   * Set when the question is the approval of a remote skill (SPEC §16): its server's label and URI, and
   * whether it was never approved or changed since ("this skill changed"). A yes approves the skill's
   * current `{uri, digest}` set; it never grants its `allowed-tools`. `findings` are its audit's findings
   * at medium or worse (SPEC §17), also named in `message`: a yes approves them too, so show them.
   */
  remote?: {
    label: string;
    uri: string;
    state: "unapproved" | "changed" | "dynamic";
    message: string;
    findings?: Array<{ rule: string; severity: string; file: string; line?: number; evidence: string }>;
  };
}

/** The host's answer: a boolean, or one it wants remembered (in the user's state, or the project's). */
export type ConfirmAnswer = boolean | { allow: boolean; remember?: boolean | "user" | "project" };

/** Options of `loadPolicy`. */
export interface LoadPolicyOptions {
  config: PolicyConfig;
  projectRoot: string;
  /** The working directory, when below the project root (OpenCode's files between the two apply). */
  cwd?: string;
  /** Where `~` is (default: `env.HOME`, then the operating system's home folder). */
  home?: string;
  env: Record<string, string | undefined>;
  /** Rules given in code, checked like configured ones (a bad rule throws `permission-rule-invalid`). */
  rules?: unknown;
  fs?: FileSystem;
}

/** The result of `Policy.authorize`. */
export interface PolicyAuthorization {
  allowed: boolean;
  decision: PermissionDecision;
  /** Why it was refused, naming the skill and the rule with its origin. */
  diagnostic?: Diagnostic;
}

/** The loaded policy. */
export interface Policy {
  readonly config: PolicyConfig;
  readonly permissions: Permissions;
  /** Every rule in force, configured first, then host-given, then imported. */
  readonly rules: readonly PolicyRule[];
  /** What was imported from Codex, Claude Code and OpenCode (empty when the import is off). */
  readonly imported: ImportedSettings;
  readonly overrides: Overrides;
  /** Warnings about the agents' settings files and the state files. */
  readonly diagnostics: readonly Diagnostic[];
  /** `diagnostics`, plus a `permission-rule-unmatched` warning for each rule whose glob names none of `skills`. */
  check(skills: readonly Skill[]): Diagnostic[];
  /** The synchronous check for listings (catalog, search, completion): denied on every path. */
  isDenied(skill: Skill): boolean;
  isTrusted(skill: Skill): boolean;
  /**
   * The decision for one request, asking the host when a rule says `ask` (bounded by
   * `hostTimeoutMs`; a throw or timeout counts as no) and remembering its answer when asked to.
   */
  authorize(
    skill: Skill,
    tool: PermissionTool | undefined,
    confirm?: (request: ConfirmRequest) => ConfirmAnswer | Promise<ConfirmAnswer>,
  ): Promise<PolicyAuthorization>;
  /**
   * Records an answer in the user's (default) or project's state file, atomically and locked. An allow
   * asked for the project's file of a project the person does not trust goes to the user's file.
   */
  remember(
    skill: Skill,
    tool: PermissionTool | "*",
    action: "allow" | "deny",
    layer?: "user" | "project",
  ): Promise<void>;
}

/**
 * Loads the policy: the remembered answers from both state files, the agents' settings (unless
 * `importAgentSettings` is false), and the rules. Throws only for a bad host-given rule; files that cannot
 * be used are diagnostics.
 * @example const policy = await loadPolicy({ config: config.policy, projectRoot, home, env: process.env });
 */
export async function loadPolicy(options: LoadPolicyOptions): Promise<Policy> {
  const fs = options.fs ?? nodeFileSystem;
  const { config } = options;
  const home = resolveHome(options);
  const hostRules = options.rules === undefined ? [] : checkPermissionRules(options.rules, { kind: "host" });
  const configured = checkPermissionRules(config.permissions, { kind: "config" });
  // The project's files may widen only when the person trusts the project; asked once, when first needed.
  let trusted: Promise<ProjectTrust> | undefined;
  const trust = () => {
    trusted ??= projectTrust({ projectRoot: options.projectRoot, env: options.env, home, fs });
    return trusted;
  };
  const imported = config.importAgentSettings
    ? await importAgentSettings({
        home,
        env: options.env,
        projectRoot: options.projectRoot,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        fs,
        trust,
      })
    : noImportedSettings();
  const paths = configPaths({ projectRoot: options.projectRoot, env: options.env, home });
  const stores = {
    user: openStateStore(paths.userState, { fs, writeThroughLink: true }),
    project: openStateStore(paths.projectState, { fs, writeRoot: options.projectRoot }),
  };
  const diagnostics: Diagnostic[] = [...imported.diagnostics];
  const answers: PermissionAnswer[] = [];
  for (const store of [stores.user, stores.project]) {
    const read = await store.read();
    let found = read.state.answers ?? [];
    // A remembered "allow" in the project's file (it may come with a clone) needs the person's trust.
    if (store === stores.project && found.some((answer) => answer.action === "allow")) {
      const projectTrust = await trust();
      if (projectTrust.state !== "trusted") {
        const allows = found.filter((answer) => answer.action === "allow");
        found = found.filter((answer) => answer.action !== "allow");
        diagnostics.push(
          projectSettingIgnored(
            store.file,
            `answers (allow ${allows.map((answer) => answer.skill).join(", ")})`,
            "answers ask rules for you, so a skill loads without asking",
            projectTrust,
          ),
        );
      }
    }
    answers.push(...found);
    diagnostics.push(...read.diagnostics);
  }
  const rules = [...configured, ...hostRules, ...imported.rules];
  let permissions = createPermissions(rules, { home, answers });
  const overrides = createOverrides(imported.overrides, home);

  const policy: Policy = {
    config,
    get permissions() {
      return permissions;
    },
    rules,
    imported,
    overrides,
    diagnostics,
    isDenied: (skill) => permissions.isDenied(skill),
    check: (skills) => [
      ...diagnostics,
      ...permissions
        .unmatched(skills)
        .map((rule) =>
          diagnostic(
            "warning",
            "permission-rule-unmatched",
            `Permission rule ${describeRule(rule)} names no skill found here; check the glob for a typo.`,
            rule.origin.file ?? "",
          ),
        ),
    ],
    isTrusted: (skill) => isTrusted(skill, config.trustedScopes),
    async remember(skill, tool, action, asked = "user") {
      const answer: PermissionAnswer = { skill: skill.id, tool, action };
      // An allow in the file of a project the person does not trust would be ignored from the next process
      // on (a project's own files may only narrow): the person's answer is kept in their own file instead.
      const layer =
        asked === "project" && action === "allow" && (await trust()).state !== "trusted" ? "user" : asked;
      const write = () =>
        stores[layer].update((state) => {
          state.answers = [...(state.answers ?? []), answer];
        });
      // The person's own answer in the project's file keeps their trust in the project (its digest covers the file).
      await (layer === "project"
        ? keepingTrust({ projectRoot: options.projectRoot, env: options.env, home, fs }, write)
        : write());
      answers.push(answer);
      permissions = createPermissions(rules, { home, answers });
    },
    async authorize(skill, tool, confirm) {
      const decision = permissions.decide(skill, tool);
      if (decision.action === "allow") return { allowed: true, decision };
      const rule = decision.rule as PolicyRule;
      const refuse = (code: DiagnosticCode, why: string): PolicyAuthorization => ({
        allowed: false,
        decision,
        diagnostic: diagnostic("warning", code, `Skill '${skill.qualifiedName}' ${why}.`, skill.path),
      });
      if (decision.action === "deny") {
        const because = decision.answer ? "a remembered answer" : `the rule ${describeRule(rule)}`;
        return refuse("permission-denied", `is denied by ${because}`);
      }
      const result = await callHost(
        confirm,
        [{ skill, ...(tool ? { tool } : {}), rule }],
        config.hostTimeoutMs,
      );
      if (!result.ok) {
        return refuse(
          "permission-unanswered",
          `needs confirmation (${describeRule(rule)}), but the host's confirm callback ${describeHostFailure(result, config.hostTimeoutMs)}; it was not loaded`,
        );
      }
      const answer = result.value;
      const allow = typeof answer === "boolean" ? answer : answer.allow === true;
      const remember = typeof answer === "object" && answer !== null ? answer.remember : undefined;
      if (remember) {
        await policy.remember(
          skill,
          tool ?? "*",
          allow ? "allow" : "deny",
          remember === "project" ? "project" : "user",
        );
      }
      return allow
        ? { allowed: true, decision: { ...decision, action: "allow" } }
        : refuse("permission-declined", "was declined by the person asked");
    },
  };
  return policy;
}

function describeRule(rule: PolicyRule): string {
  const tool = rule.tool && rule.tool !== "*" ? `, tool ${rule.tool}` : "";
  return `${rule.action} ${JSON.stringify(rule.skill)}${tool} from ${describeOrigin(rule.origin)}`;
}
