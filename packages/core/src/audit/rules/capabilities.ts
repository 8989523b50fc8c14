/**
 * @module What a skill can do beyond being read (SPEC §14), noted for the person approving it: the scripts
 * and binaries it ships, `allowed-tools` that grant a shell or everything, shell preprocessing lines,
 * hooks, and the URLs its scripts call. These were `add`'s risk summary; they are audit findings now (info
 * and low: they describe, they do not flag).
 */
import { type AuditRule, evidence, type RuleHit } from "../audit-rule.js";
import { hookCommands } from "../hook-commands.js";
import { anchorGroup } from "../line-anchors.js";
import { eachFileLineHolding, isScript } from "../scan-context.js";

const BROAD_TOOL = /^(\*|bash|shell|exec|bash\(\s*\*?\s*:?\s*\*?\s*\)|.*\(\s*\*\s*\))$/i;
// Control characters end a URL too: a binary's strings are separated by NULs.
const URL_PATTERN = /\bhttps?:\/\/[^\s"'`<>)\]\u0000-\u001f\u007f]+/g;
const SHELL_LINE = /!`[^`]+`/;
const SHELL_LINE_ANCHORS = anchorGroup(["!`"], SHELL_LINE);
const URL_ANCHORS = anchorGroup(["http"], (line: string) => line.match(URL_PATTERN));

export const bundledScript: AuditRule = {
  id: "bundled-script",
  category: "capabilities",
  severity: "info",
  summary: "A script or executable the skill ships",
  why: "The model may run it; it runs with your permissions.",
  check: "Read it before allowing the skill to run it.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of context.files)
      if (file.kind === "script" && !file.hooks)
        hits.push({ file: file.path, evidence: evidence(file.path) });
    for (const file of context.binaries)
      if (file.binary === "executable" || isScript(file.path, file.mode, undefined))
        hits.push({ file: file.path, evidence: evidence(`${file.path} (${file.binary ?? "binary"})`) });
    return hits;
  },
};

export const broadAllowedTools: AuditRule = {
  id: "broad-allowed-tools",
  category: "capabilities",
  severity: "low",
  summary: "allowed-tools grants a shell or every tool without restriction",
  why: "While the skill is active the host may run these tools without asking.",
  check: "Narrow `allowed-tools` to the commands the skill needs (e.g. `Bash(git status:*)`).",
  run(context) {
    return (context.frontmatter?.allowedTools ?? [])
      .filter((tool) => BROAD_TOOL.test(tool.trim()))
      .map((tool) => ({ file: "SKILL.md", evidence: evidence(`allowed-tools: ${tool}`) }));
  },
};

export const shellPreprocessing: AuditRule = {
  id: "shell-preprocessing",
  category: "capabilities",
  severity: "low",
  summary: "A `!` + backtick shell line, run by some hosts when the skill loads",
  why: "The command runs before the model or you see the skill's text.",
  check: "Read the command; it runs every time the skill is loaded.",
  run(context) {
    const skill = context.files.find((file) => file.kind === "skill");
    if (!skill) return [];
    const hits: RuleHit[] = [];
    eachFileLineHolding(skill, SHELL_LINE_ANCHORS, (text, index) => {
      if (SHELL_LINE.test(text)) hits.push({ file: skill.path, line: index + 1, evidence: evidence(text) });
    });
    return hits;
  },
};

export const skillHooks: AuditRule = {
  id: "hooks",
  category: "capabilities",
  severity: "low",
  summary: "Hooks: commands the host runs on events while the skill is active",
  why: "Hooks run commands without the model deciding to.",
  check: "Read each hook's command.",
  run(context) {
    const hooks = context.frontmatter?.hooks;
    if (!hooks) return [];
    // Each command where it is written (the other rules read them as script lines); an event without one.
    const script = context.files.find((file) => file.hooks);
    const hits: RuleHit[] = [];
    const events = new Set<string>();
    for (const { event } of hookCommands(hooks)) events.add(event);
    if (script)
      for (let index = 0; index < script.lineCount; index++)
        if (script.lineLength(index) > 0)
          hits.push({
            file: script.path,
            line: index + 1,
            evidence: evidence(`hook: ${script.line(index)}`),
          });
    for (const event of Object.keys(hooks))
      if (!events.has(event)) hits.push({ file: "SKILL.md", evidence: evidence(`hooks: ${event}`) });
    return hits;
  },
};

export const scriptUrl: AuditRule = {
  id: "script-url",
  category: "capabilities",
  severity: "info",
  summary: "A URL a script calls",
  why: "Where the skill's scripts talk to.",
  check: "Check each host is the service the skill is about.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const file of context.files) {
      if (file.kind !== "script" || !file.text.includes("http")) continue;
      eachFileLineHolding(file, URL_ANCHORS, (text, index) => {
        for (const match of text.matchAll(URL_PATTERN))
          hits.push({ file: file.path, line: index + 1, evidence: evidence(match[0], 0, 200) });
      });
    }
    return hits;
  },
};
