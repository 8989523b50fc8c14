/**
 * @module Lint rule `allowed-tools-form`: `allowed-tools` entries are tool names as hosts spell them:
 * `Read`, `Bash(git:*)`, `mcp__server__tool`. Lowercase names, argument patterns outside parentheses
 * (`Bash git:*`) and unbalanced parentheses are silently ignored by hosts, so the skill runs with
 * other permissions than its author meant.
 */
import { type Diagnostic, diagnostic } from "../../model/diagnostic.js";
import { splitToolList } from "../../parser/index.js";
import { keyPosition, type LintRule } from "../lint-rule.js";

/** Tool names of common hosts, to suggest the right spelling of a lowercase entry. */
export const KNOWN_TOOLS: readonly string[] = [
  "AskUserQuestion",
  "Bash",
  "BashOutput",
  "Edit",
  "ExitPlanMode",
  "Glob",
  "Grep",
  "KillShell",
  "LS",
  "MultiEdit",
  "NotebookEdit",
  "NotebookRead",
  "Read",
  "Skill",
  "SlashCommand",
  "Task",
  "TodoWrite",
  "WebFetch",
  "WebSearch",
  "Write",
];

const wellFormed = /^(?:[A-Z][A-Za-z0-9_]*(?:\([^()]*\))?|mcp__[A-Za-z0-9_.-]+(?:__[A-Za-z0-9_.*-]+)?)$/;

function balanced(entry: string): boolean {
  let depth = 0;
  for (const character of entry) {
    if (character === "(") depth++;
    else if (character === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The problem with one entry and its fix, or undefined when it is well formed. */
function problem(entry: string, previous: string | undefined): string | undefined {
  if (wellFormed.test(entry)) return undefined;
  if (!balanced(entry)) return `'${entry}' has unbalanced parentheses; close them, e.g. Bash(git:*)`;
  const known = KNOWN_TOOLS.find((tool) => tool.toLowerCase() === entry.replace(/\(.*$/, "").toLowerCase());
  if (known)
    return `'${entry}' should be spelled ${known}${entry.includes("(") ? entry.slice(entry.indexOf("(")) : ""}`;
  if (/[:*/]/.test(entry) && !entry.includes("(")) {
    const tool = previous && /^[A-Z][A-Za-z0-9_]*$/.test(previous) ? previous : "Bash";
    return `'${entry}' looks like an argument pattern outside parentheses; write ${tool}(${entry})`;
  }
  return `'${entry}' is not a tool name; write tools like Read, Bash(git:*) or mcp__server__tool`;
}

export const allowedToolsForm: LintRule = {
  id: "allowed-tools-form",
  severity: "warning",
  summary: "allowed-tools entries are well-formed tool names such as Read, Bash(git:*) or mcp__server__tool.",
  fix: "Spell tools as the host does (Bash, not bash) and put argument patterns in parentheses: Bash(git:*).",
  check({ skill }) {
    const value = skill.raw["allowed-tools"];
    if (value === undefined || value === null) return [];
    const items: unknown[] = Array.isArray(value) ? value : [value];
    const entries = items.flatMap((item) => (typeof item === "string" ? splitToolList(item) : []));
    const found: Diagnostic[] = [];
    entries.forEach((entry, index) => {
      const text = problem(entry, entries[index - 1]);
      if (!text) return;
      found.push(
        diagnostic(
          allowedToolsForm.severity,
          allowedToolsForm.id,
          `In allowed-tools of SKILL.md, ${text}.`,
          skill.path,
          { ...keyPosition(skill, "allowed-tools"), field: "allowed-tools" },
        ),
      );
    });
    return found;
  },
};
