/**
 * @module The checks of strict validation (SPEC §4), described for SARIF and documentation. Their
 * findings come from `validateFrontmatter` and `validateSkillDir`.
 */
import type { DiagnosticCode } from "../model/codes.js";
import type { Severity } from "../model/diagnostic.js";
import { MAX_COMPATIBILITY_LENGTH, MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH } from "../parser/index.js";
import type { RuleDescriptor } from "./rule-descriptor.js";

const rule = (
  id: DiagnosticCode,
  summary: string,
  fix: string,
  severity: Severity = "error",
): RuleDescriptor => ({
  id,
  severity,
  summary,
  fix,
});

/** Every strict-validation check, in the order findings are reported. */
export const strictRules: readonly RuleDescriptor[] = [
  rule(
    "file-not-found",
    "The path exists.",
    "Pass the path of a skill folder, a SKILL.md or a tree of skills.",
  ),
  rule("not-a-directory", "The path is a skill folder.", "Pass the folder that holds SKILL.md."),
  rule(
    "unreadable-directory",
    "Every folder below the path can be read.",
    "Fix the folder's permissions or pass a narrower path.",
    "warning",
  ),
  rule("walk-limit", "The tree is small enough to search whole.", "Pass a narrower path.", "warning"),
  rule(
    "missing-skill-file",
    "The folder holds a SKILL.md.",
    "Create SKILL.md (skillset new <name> scaffolds one).",
  ),
  rule(
    "file-not-regular",
    "SKILL.md is a regular file (not a folder, FIFO, socket or device).",
    "Replace it with a Markdown file.",
  ),
  rule(
    "link-refused",
    "A linked SKILL.md points to another file named SKILL.md.",
    "Replace the link with the skill's SKILL.md.",
  ),
  rule(
    "link-leaves-roots",
    "No link leads out of the given tree.",
    "Move the target inside the tree, or ask to follow external links.",
    "warning",
  ),
  rule("dangling-link", "Every link has a target.", "Restore the target or remove the link.", "warning"),
  rule("file-unreadable", "SKILL.md can be read.", "Fix the file's permissions."),
  rule("file-too-large", "SKILL.md is at most 8 MiB.", "Move material into references/ files."),
  rule("encoding-invalid", "SKILL.md is UTF-8 text.", "Re-save the file as UTF-8."),
  rule("file-binary", "SKILL.md is text, not binary.", "Replace it with a UTF-8 Markdown file."),
  rule(
    "missing-frontmatter",
    "SKILL.md starts with YAML frontmatter between --- lines.",
    "Start SKILL.md with ---, name:, description:, ---.",
  ),
  rule(
    "yaml-invalid",
    "The frontmatter is valid YAML mapping.",
    "Quote values that contain ': ' or start with a special character.",
  ),
  rule(
    "yaml-alias-limit",
    "The frontmatter uses few YAML aliases.",
    "Write the values out instead of using aliases.",
  ),
  rule(
    "yaml-too-deep",
    "The frontmatter nests at most 64 levels deep.",
    "Flatten the frontmatter; move structured data into references/.",
  ),
  rule("yaml-duplicate-key", "Each frontmatter key appears once.", "Remove the repeated key."),
  rule(
    "frontmatter-unterminated",
    "The frontmatter ends with a --- line.",
    "Add a line with --- after the last field.",
  ),
  rule("frontmatter-too-large", "The frontmatter is at most 64 KiB.", "Move long text into the body."),
  rule(
    "frontmatter-not-mapping",
    "The frontmatter is a YAML mapping of fields.",
    "Write one key: value per line.",
  ),
  rule(
    "link-stub",
    "SKILL.md holds instructions, not the path of another file.",
    "Check out the link target.",
  ),
  rule(
    "field-type",
    "Each known field has the type the specification gives it.",
    "Fix the value's type.",
    "warning",
  ),
  rule(
    "user-invokable-misspelled",
    "The field is spelled user-invocable.",
    "Rename user-invokable to user-invocable.",
    "warning",
  ),
  rule(
    "unexpected-fields",
    "The frontmatter has only name, description, license, compatibility, metadata and allowed-tools.",
    "Move other fields under metadata: or remove them.",
  ),
  rule(
    "extension-field",
    "A field beyond the specification that skillset honours (argument-hint, context, disable-model-invocation, …) is a host extension: noted, not an error, unless --spec-only.",
    "Nothing to fix; with --spec-only it is an unexpected field.",
    "info",
  ),
  rule("missing-name", "The frontmatter has a name.", "Add name: <folder name>."),
  rule("name-empty", "The name is non-empty text.", "Write name: <folder name>."),
  rule(
    "name-too-long",
    `The name has at most ${MAX_NAME_LENGTH} characters.`,
    "Shorten the name and its folder.",
  ),
  rule("name-uppercase", "The name is lowercase.", "Lowercase the name and its folder."),
  rule("name-hyphen-edge", "The name does not start or end with a hyphen.", "Remove the outer hyphens."),
  rule("name-consecutive-hyphens", "The name has no '--'.", "Use single hyphens."),
  rule(
    "name-invalid-characters",
    "The name has only letters, digits and hyphens.",
    "Replace other characters with hyphens.",
  ),
  rule(
    "name-directory-mismatch",
    "The name equals the folder name (after NFKC).",
    "Rename the folder or the name so they match.",
  ),
  rule(
    "missing-description",
    "The frontmatter has a description.",
    "Add description: what it does and when to use it.",
  ),
  rule(
    "description-empty",
    "The description is non-empty text.",
    "Say what the skill does and when to use it.",
  ),
  rule(
    "description-too-long",
    `The description has at most ${MAX_DESCRIPTION_LENGTH} characters.`,
    "Shorten it and move details into the body.",
  ),
  rule("compatibility-not-string", "compatibility is text.", "Write one line of requirements, or remove it."),
  rule(
    "compatibility-empty",
    "compatibility is not empty when present.",
    "Write the requirements, or remove it.",
  ),
  rule(
    "compatibility-too-long",
    `compatibility has at most ${MAX_COMPATIBILITY_LENGTH} characters.`,
    "Shorten it.",
  ),
];
