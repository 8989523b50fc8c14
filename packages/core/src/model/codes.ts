/**
 * @module Every stable code, once: what a host may `switch` on. `SkillsetError.code` is a
 * {@link SkillsetErrorCode}, `Diagnostic.code` a {@link DiagnosticCode}; each maps to one line on what it
 * means, which docs/codes.md lists (a test keeps the two equal and every code in use).
 */

/** Every `SkillsetError` code, with what it means. */
export const SKILLSET_ERROR_CODES = {
  "catalog-format-unknown": "A catalog format was asked for that no `CatalogFormat` provides.",
  "config-invalid":
    "A config file (or environment variable, or flag) breaks the config schema; the message names the key.",
  "config-unreadable": "A config file exists but cannot be read or parsed as JSON(C).",
  "file-not-found": "The file or folder named does not exist.",
  "file-too-large": "A file is over the size limit for its kind, so it is not read.",
  "fork-failed": "The host's fork callback failed while running a `context: fork` skill.",
  "install-agent-conflict":
    "An agent's skills folder already holds something else where a link or copy would go.",
  "install-bad-index": "A `.well-known/skills/index.json` is not a valid index.",
  "install-choose-skills": "The source holds several skills and none was chosen (`--skill`, `--all`).",
  "install-bad-archive": "An archive cannot be read (a damaged gzip, tar or zip).",
  "install-digest-mismatch": "What was fetched does not match the digest the lock recorded.",
  "install-duplicate-name": "Two skills in the source share one name.",
  "install-git-failed": "A git command on the source failed.",
  "install-http-failed": "An HTTP fetch of the source failed.",
  "install-interrupted":
    "The person interrupted the command (SIGINT, SIGTERM); what was fetched was removed.",
  "install-invalid-skill": "A skill of the source fails strict validation.",
  "install-local-edits":
    "The installed copy was edited since it was installed (or, for an entry vercel's CLI wrote, cannot be verified because its source moved on); `--force` replaces it.",
  "install-journal-invalid":
    "The install journal of an interrupted command cannot be read; nothing is rolled back or deleted until it is moved away.",
  "install-link-outside":
    "A link at a folder install writes to (`.agents`, `.agents/skills`, an agent's skills folder, a skill folder, the lock) leads out of the project or the person's skills folder; the message names it.",
  "install-lock-corrupt": "`skills-lock.json` cannot be read as a lock; the message names the key and field.",
  "install-lock-unreadable":
    "`skills-lock.json` is not a regular file (a FIFO, a device, a folder) or is over the size limit, so it is not read.",
  "install-name-collision": "A skill of that name is installed from another source.",
  "install-no-index": "The site has no `.well-known/skills/index.json`.",
  "install-no-skills": "The source holds no skill.",
  "install-not-approved":
    "A change that needs approval (new or changed scripts, a new digest) was not approved.",
  "install-not-installed": "No installed skill has that name.",
  "install-private-address":
    "A download would reach this machine, its link or a private network (`SKILLSET_ALLOW_PRIVATE_NETWORK=1` allows it).",
  "install-redirect-refused": "A download redirects to another origin, or too many times.",
  "install-risk-not-approved":
    "The audit flags a skill (a finding at medium or worse) and its findings were not approved; `--yes` never approves a critical one, `--allow-risk RULE` does.",
  "install-ref-not-found": "The git ref (branch, tag or commit) does not exist in the source.",
  "install-skill-not-found": "The source has no skill of the name asked for.",
  "install-source-refused":
    "A lock entry's source reaches outside what a lock may name (`..` segments, a folder outside the project the person never added from, a non-network git URL, a pinned commit that is not a commit id).",
  "install-source-gone": "The source recorded in the lock no longer exists.",
  "install-too-large":
    "The source is over the install limits (files, folders, bytes, compression ratio); the message names the flag.",
  "install-unknown-agent": "`--agent` names an agent skillset does not know.",
  "install-unknown-source":
    "The source is neither a path, a git URL, an archive nor a well-known site; or a lock entry's `sourceType` is one skillset cannot fetch (vercel's `node_modules`): that entry is reported with the lock file and the skill, and the others go on.",
  "install-unreachable": "The source could not be reached.",
  "install-unsafe-entry": "An archive entry is a link out, a device or another unsafe kind of file.",
  "install-unsafe-name":
    "A skill name cannot be a folder name (empty, `.`/`..`, a slash, a control character).",
  "install-unsafe-path": "A path in the source leaves the skill's folder (or is a URL where a path belongs).",
  "install-unsafe-url": "A download URL is not HTTP(S).",
  "link-refused":
    "A symbolic link was not followed (it leads outside what may be read, or to a file not named SKILL.md).",
  "not-a-file": "A path that must be a regular file is a folder, a FIFO or a device.",
  "options-invalid": "An option passed to an API call is invalid; the message names it.",
  "path-refused": "A path inside a skill leaves its folder (`..`, absolute, a link out).",
  "permission-rule-invalid": "A permission rule in a config file is malformed.",
  "remote-changed":
    "A remote skill's files or digests changed since the person approved it: the approval was revoked (SPEC §16).",
  "remote-dynamic": 'A remote skill publishes no digests ("dynamic"), so an approval cannot be bound to it.',
  "remote-not-approved": "A remote skill was asked for before the person approved it; nothing was read.",
  "remote-unavailable": "The MCP server of a remote skill cannot be reached and the file is not cached.",
  "remote-unknown": "A remote skill's held entry is gone (it is from an earlier registry); reload.",
  "remote-unlisted": "A file of a remote skill is not listed in its entry; it is refused without a request.",
  "remote-verification-failed":
    "A file of a remote skill failed verification (size, digest or frontmatter); nothing of it was used.",
  "session-closed": "The session was closed; open a new one.",
  "shell-failed": "A `!`command`` of a skill body exited with an error.",
  "shell-not-run": "A mentioned skill holds commands to run before loading; a mention never runs them.",
  "shell-output-too-large": "A `!`command`` wrote more than the output limit.",
  "shell-syntax": "A `!`command`` of a skill body is not valid shell.",
  "shell-timeout": "A `!`command`` ran past its time limit.",
  "shell-untrusted": "Shell preprocessing was asked for a skill whose scope is not trusted.",
  "snapshot-invalid": "A session snapshot cannot be restored.",
  "state-invalid": "A state file breaks its schema.",
  "state-key-invalid": "A skill key given to enable/disable is not a name, qualified name or path.",
  "state-lock-compromised": "The state lock was taken over while held; nothing was written.",
  "state-lock-failed": "The state lock could not be created.",
  "state-locked": "Another process held the state lock for too long.",
  "state-unreadable": "A state file exists but cannot be read.",
  "write-link-outside":
    "A write was refused: a symbolic link on its way (committed with a project, say) leads out of the folder it must stay in.",
  "write-outside-roots": "A write was refused: its path is outside the folders the command writes to.",
} as const satisfies Record<string, string>;

/** Every diagnostic code (lint rule ids included), with what it means. */
export const DIAGNOSTIC_CODES = {
  "agent-settings-invalid":
    "An agent's settings file (Claude, Codex, OpenCode) could not be read; its rules are not imported.",
  "allowed-tools-form": "`allowed-tools` is not in a form agents agree on.",
  ambiguous: "Several skills share this name at the same scope and distance; a bare name resolves to none.",
  "body-too-long": "The SKILL.md body is longer than agents load comfortably.",
  "cache-invalid": "The metadata cache could not be used; it is rebuilt.",
  "cache-write-failed": "The metadata cache could not be written; the next run parses again.",
  "compatibility-empty": "`compatibility` is empty.",
  "compatibility-not-string": "`compatibility` is not a string.",
  "compatibility-too-long": "`compatibility` is over 500 characters.",
  "dangling-link": "A symbolic link points at nothing.",
  "dependency-mcp-skipped": "An MCP server the skill depends on was skipped by the host.",
  "dependency-missing": "An environment variable or MCP server the skill depends on is missing.",
  duplicate:
    "A copy of another skill of the same name, scope and distance (same files): they are one skill, listed once.",
  "description-empty": "`description` is empty.",
  "description-says-when": "The description does not say when to use the skill.",
  "description-too-long": "`description` is over 1,024 characters.",
  "duplicate-name": "Another skill in the same lint run has this name.",
  "duplicate-path": "The same SKILL.md was reached twice; it is loaded once.",
  "encoding-invalid": "The file is not valid UTF-8.",
  "extension-field":
    "A frontmatter field beyond the base specification that skillset honours (a host extension such as Claude Code's `argument-hint`): a note, not a finding to fix.",
  "field-type": "A frontmatter field has the wrong type; it is ignored.",
  "file-binary": "The file is binary, not text.",
  "file-not-found": "The file or folder does not exist.",
  "file-not-regular": "The path is not a regular file (a FIFO, a device, a folder); it is not opened.",
  "file-too-large": "The file is over the size limit; it is not read.",
  "file-unreadable": "The file exists but cannot be read.",
  filtered: "Configuration's include/ignore globs leave this skill out.",
  "fork-unsupported": "A `context: fork` skill was delivered inline because the host has no fork callback.",
  "frontmatter-missing-open": "The frontmatter has no opening `---` line.",
  "frontmatter-not-mapping": "The frontmatter is not a YAML mapping.",
  "frontmatter-too-large": "The frontmatter is over 64 KiB.",
  "frontmatter-unterminated": "The frontmatter is never closed with a `---` line.",
  "hook-invalid": "A `hooks` entry of the frontmatter is malformed.",
  "hooks-untrusted": "The skill's hooks were not registered: its scope is not trusted.",
  "host-command-name": "The skill's name equals a slash command of the host, so `/name` cannot reach it.",
  "link-leaves-roots": "A symbolic link leads outside the skill roots.",
  "link-not-followed": "A symbolic link was not followed (the system scope, or a project link to outside).",
  "link-refused": "A symbolic link was refused (to a file not named SKILL.md, or outside what may be read).",
  "link-stub": "SKILL.md holds only a path, as git writes a link on systems without links.",
  "lint-rule-failed": "A lint rule crashed on this skill; the other rules still ran.",
  "lowercase-skill-file":
    "The file is named `skill.md` (read, with this warning: the specification's name is SKILL.md).",
  "mention-ambiguous": "A `$name` names several skills; none was activated.",
  "mention-choose-one": "A `$name` matched several skills; the person must choose one.",
  "mention-denied": "A `$name` names a skill a permission rule denies.",
  "mention-disabled": "A `$name` names a disabled skill.",
  "mention-limit": "More skills were mentioned than a turn activates.",
  "mention-link-invalid": "A `[$name](path)` link points at no skill.",
  "mention-not-found": "A `$name` names no skill.",
  "mention-not-invocable": "A `$name` names a skill this caller may not invoke (user- or model-only).",
  "mention-suggestion": "A `$name` names no skill; near names are suggested.",
  "missing-description": "The frontmatter has no `description`.",
  "missing-frontmatter": "SKILL.md has no frontmatter.",
  "missing-name": "The frontmatter has no `name`; the folder's name is used.",
  "missing-reference": "The body links to a file the skill does not have.",
  "missing-skill-file": "The folder has no SKILL.md.",
  "name-consecutive-hyphens": "`name` has two hyphens in a row.",
  "name-directory-mismatch": "`name` differs from the folder's name.",
  "name-empty": "`name` is empty.",
  "name-hyphen-edge": "`name` starts or ends with a hyphen.",
  "name-invalid-characters": "`name` has characters other than lowercase letters, digits and hyphens.",
  "name-too-long": "`name` is over 64 characters.",
  "name-uppercase": "`name` has uppercase letters.",
  "no-xml-tags": "The description holds XML tags, which some agents strip or misread.",
  "not-a-directory": "A path that must be a folder is not.",
  "not-loaded": "The skill was found but not loaded; the message says why.",
  "openai-yaml-invalid": "`agents/openai.yaml` could not be read; it is ignored.",
  "parse-crashed": "Parsing crashed on this file; it is skipped with this report.",
  "path-refused": "A path was refused because it leaves the skill's folder.",
  "permission-declined": "The person declined an `ask` permission.",
  "permission-denied": "A permission rule denies the skill.",
  "permission-rule-unmatched": "A permission rule matches no skill.",
  "permission-unanswered": "An `ask` permission had no confirm callback to answer it.",
  "project-setting-ignored":
    "A project's own file (config, state, agent settings) holds a setting that widens what the person allows; it is ignored until they run `skillset trust`.",
  "reference-depth": "A reference links on to further references, deeper than agents follow.",
  "reference-leaves-skill": "A reference points outside the skill's folder.",
  "remote-changed": "A remote skill changed since it was approved; it is not loaded until approved again.",
  "remote-config-invalid": "A server in the person's `remotes` config is malformed and left out.",
  "remote-declined": "The person declined a remote skill when asked to approve it.",
  "remote-dynamic":
    'A remote skill publishes no digests ("dynamic") and `allowDynamic` is off; it is refused.',
  "remote-entry-invalid": "A `skills/list` entry breaks SEP-2640 (URI, manifest); the skill is refused.",
  "remote-name-collision":
    "A remote skill has the name of a skill of another origin; neither replaces the other.",
  "remote-not-approved": "A remote skill needs the person's approval before it is loaded.",
  "remote-offline": "A remote server cannot be reached; its last listing and cached files are used.",
  "remote-tools-ignored": "A remote skill's `allowed-tools` have no effect: the person did not grant them.",
  "remote-too-large": "A remote skill is over 512 files or 16 MiB; it is refused from its entry alone.",
  "remote-unavailable": "A remote server cannot be listed and has no cached listing.",
  "reserved-name": "The name is reserved by an agent (e.g. `claude-*`, `anthropic-*`).",
  "root-not-a-directory": "A configured skill root is not a folder.",
  "script-not-executable": "A script under `scripts/` is not executable.",
  shadowed: "A skill of the same name with higher precedence wins; this one is shadowed.",
  "skill-file-case":
    "The folder's skill file is `Skill.md` in another letter case: not read, rename it to SKILL.md.",
  "skill-not-found": "No skill has this name or path.",
  "skill-uri-refused": "A `skill://` reference was refused (outside the skill, not readable).",
  "state-corrupt": "A state file is damaged; what could be salvaged was kept.",
  "state-unreadable": "A state file cannot be read; it is ignored.",
  "state-unsupported-version": "A state file has a version this skillset does not know.",
  "symlink-cycle": "A folder link leads back into its own path; it is not followed again.",
  "tool-pattern-invalid": "An `allowed-tools`/`disallowed-tools` pattern is malformed.",
  "unexpected-fields": "The frontmatter has fields outside the specification.",
  "unreadable-directory": "A folder cannot be read.",
  "uri-invalid": "A `skill://` URL is malformed.",
  "user-invokable-misspelled": "`user-invokable` is the misspelling of `user-invocable`; it is honoured.",
  "walk-limit": "The walk stopped at a limit (depth, folders, entries); skills beyond it are hidden.",
  "yaml-alias-limit": "The YAML expands too many aliases.",
  "yaml-duplicate-key": "A frontmatter key appears twice.",
  "yaml-invalid": "The frontmatter is not valid YAML, even after repair.",
  "yaml-repaired": "The frontmatter was valid only after repair (e.g. an unquoted colon).",
  "yaml-too-deep": "The YAML nests deeper than allowed.",
} as const satisfies Record<string, string>;

/** A code a `SkillsetError` is thrown with. */
export type SkillsetErrorCode = keyof typeof SKILLSET_ERROR_CODES;

/** A code a `Diagnostic` is made with. */
export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/**
 * Any stable code. A finding can be raised as an error (a SKILL.md that cannot be read throws with the
 * reader's `file-too-large`), and a caught error can be reported as a finding (a skill that failed to
 * load in a turn), so `SkillsetError.code` and `Diagnostic.code` are both this union: a host `switch`es
 * over it with the compiler checking every case.
 */
export type SkillsetCode = SkillsetErrorCode | DiagnosticCode;
