/**
 * @module The commands of a skill's frontmatter hooks (Claude Code's `hooks: {PostToolUse: [{matcher, hooks:
 * [{type: command, command: "…"}]}]}` and looser forms): the host runs them on its events without the model
 * deciding to, so the audit reads them as script lines. Each command is placed on the SKILL.md line where it
 * is written, so a finding names that line.
 */
import type { HookSpec } from "../model/skill.js";

/** A hook's command and the event it runs on. */
export interface HookCommand {
  event: string;
  command: string;
}

/** Most hooks read, and how deep into the hooks mapping: a frontmatter is small, these only bound a hostile one. */
const MAX_COMMANDS = 1_000;
const MAX_DEPTH = 8;

/**
 * The commands in `hooks`, in the order written: every string under a `command` key, and every string
 * standing alone in a list (`PreToolUse: ["./check.sh"]`), at any depth below an event.
 */
export function hookCommands(hooks: HookSpec | undefined): HookCommand[] {
  const found: HookCommand[] = [];
  if (!hooks) return found;
  const visit = (event: string, value: unknown, depth: number): void => {
    if (found.length >= MAX_COMMANDS || depth > MAX_DEPTH || value === null || typeof value !== "object")
      return;
    if (Array.isArray(value)) {
      for (const item of value)
        if (typeof item === "string") found.push({ event, command: item });
        else visit(event, item, depth + 1);
      return;
    }
    for (const [key, item] of Object.entries(value as Record<string, unknown>))
      if (key === "command" && typeof item === "string") found.push({ event, command: item });
      else if (key === "command" && Array.isArray(item) && item.every((part) => typeof part === "string"))
        found.push({ event, command: item.join(" ") });
      else visit(event, item, depth + 1);
  };
  for (const [event, value] of Object.entries(hooks)) {
    if (typeof value === "string") found.push({ event, command: value });
    else visit(event, value, 0);
  }
  return found.slice(0, MAX_COMMANDS);
}

/**
 * A text with the lines of `skill` (SKILL.md, `\n`-separated), each blank but where a hook command is
 * written: there the command (two on one line, as a flow mapping writes them, joined by ` ; `). A command's
 * line is the first frontmatter line from the previous command's on that holds its first line as written
 * (YAML escapes aside), else the next with a `command:` key, else the `hooks:` line.
 */
export function hookScript(skill: string, commands: readonly HookCommand[]): string {
  const lines = skill.split("\n");
  // The frontmatter: up to the second `---` line (or the whole file when it never closes).
  let end = lines.length;
  for (let index = 1; index < lines.length; index++)
    if (/^---\s*$/.test(lines[index]!)) {
      end = index;
      break;
    }
  const hooksLine = Math.max(
    0,
    lines.findIndex((line, index) => index < end && /^\s*["']?hooks["']?\s*:/.test(line)),
  );
  const placed: string[] = lines.map(() => "");
  const put = (index: number, text: string) => {
    const at = Math.min(index, placed.length - 1);
    placed[at] = placed[at] === "" ? text : `${placed[at]} ; ${text}`;
  };
  // Where the previous command was placed: the next is on that line or after (a `command:` key after).
  let from = hooksLine;
  let keyFrom = hooksLine;
  const findFrom = (start: number, test: (line: string) => boolean): number => {
    for (let index = start; index < end; index++) if (test(lines[index]!)) return index;
    return -1;
  };
  for (const { command } of commands) {
    const parts = command.replace(/\r\n?/g, "\n").split("\n");
    const head = parts[0]!.trim();
    const written = (line: string) => head !== "" && line.includes(head);
    const keyed = (line: string) => /\bcommand["']?\s*:/.test(line);
    let at = findFrom(from, written);
    if (at === -1) at = findFrom(hooksLine, written);
    if (at === -1) at = findFrom(keyFrom, keyed);
    if (at === -1) at = hooksLine;
    parts.forEach((part, offset) => {
      put(at + offset, part);
    });
    from = at;
    keyFrom = at + 1;
  }
  return placed.join("\n");
}
