/**
 * @module Permission rules with their origin (SPEC §11): from the configuration, from the host, or
 * imported from an agent's own settings file. Checked once, when a policy is built.
 */
import { type PermissionRule, permissionRuleSchema } from "../config/config-schema.js";
import { SkillsetError } from "../model/errors.js";
import { formatKeyPath, previewValue } from "../model/schema/index.js";

/** Where a rule came from, shown by `skillset doctor` next to the rule. */
export interface RuleOrigin {
  /** `config` (skillset's config files), `host` (given in code), or the agent whose settings it imports. */
  kind: "config" | "host" | "codex" | "claude" | "opencode";
  /** The file it was read from, when there is one. */
  file?: string;
  /** The setting as written there, e.g. `Skill(deploy)` or `[[skills.config]] name = "pdf"`. */
  setting?: string;
  /** The line of `file` the setting is on, when known (a refusal names it). */
  line?: number;
}

/** A permission rule and where it came from. */
export interface PolicyRule extends PermissionRule {
  origin: RuleOrigin;
  /**
   * Globs the rule does not apply to. Imported settings whose last matching entry wins (OpenCode) are
   * translated into rules that step aside for the later entries.
   */
  except?: string[];
  /** True when naming no skill is expected (a switched-off plugin may hold none): no unmatched warning. */
  mayMatchNothing?: boolean;
}

/** Describes a rule's origin for messages: `config`, `host`, `claude (/home/me/.claude/settings.json)`. */
export function describeOrigin(origin: RuleOrigin): string {
  const where = origin.file ? ` (${origin.file})` : "";
  const setting = origin.setting ? ` ${origin.setting}` : "";
  const line = origin.line === undefined ? "" : ` (line ${origin.line})`;
  return `${origin.kind}${where}${setting}${line}`;
}

/**
 * Checks rules given in code or read from a file, and tags them with `origin`. Throws `SkillsetError`
 * code `permission-rule-invalid` naming the rule (its index and text), the field and what is expected.
 * @example checkPermissionRules([{ action: "deny", skill: "deploy-*" }], { kind: "host" })
 */
export function checkPermissionRules(rules: unknown, origin: RuleOrigin): PolicyRule[] {
  if (!Array.isArray(rules)) {
    throw new SkillsetError(
      "permission-rule-invalid",
      `Permission rules from ${describeOrigin(origin)} must be a list of { action, tool?, skill }; got ${typeName(rules)}.`,
      { field: "permissions" },
    );
  }
  return rules.map((rule, index) => {
    const checked = permissionRuleSchema.check(rule);
    if (!checked.ok) {
      const issue = checked.issues[0];
      const field =
        issue?.kind === "unexpected-key"
          ? issue.key
          : issue?.path.length
            ? formatKeyPath(issue.path)
            : "rule";
      throw new SkillsetError(
        "permission-rule-invalid",
        `Permission rule ${index + 1} from ${describeOrigin(origin)} (${previewValue(rule, 120)}) is invalid: ` +
          `\`${field}\` ${expectation(field)}.`,
        { field: `permissions[${index}].${field}`, cause: checked.issues },
      );
    }
    return { ...checked.value, origin };
  });
}

function expectation(field: string): string {
  switch (field) {
    case "action":
      return "must be allow, deny or ask";
    case "tool":
      return "must be skill_load, use_skill or * (or left out for every path)";
    case "skill":
      return "must be a non-empty glob over skill names or paths";
    default:
      return "is not a rule field; a rule has action, tool (optional) and skill";
  }
}

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "a list" : typeof value;
}
