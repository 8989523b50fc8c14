/**
 * @module Where a skill body asks for shell preprocessing (SPEC §9): `` !`command` `` inline and
 * ```` ```! ```` fenced blocks (one command per line). Commands inside ordinary code fences are text.
 */

/** One place in the body whose text is replaced by command output. */
export interface ShellSite {
  /** Offsets of the whole `` !`…` `` or fenced block in the body. */
  start: number;
  end: number;
  /** The commands, as written (a block may hold several lines). */
  commands: string[];
  kind: "inline" | "block";
}

const fence = /^( {0,3})(`{3,}|~{3,})(.*)$/;

/** Finds every preprocessing site, in order. Linear in the body. */
export function findShellCommands(body: string): ShellSite[] {
  const sites: ShellSite[] = [];
  const lines = body.split("\n");
  let offset = 0;
  let open: { marker: string; bang: boolean; start: number; lines: string[] } | undefined;
  for (const line of lines) {
    const lineStart = offset;
    offset += line.length + 1;
    const text = line.replace(/\r$/, "");
    const match = fence.exec(text);
    if (open) {
      if (match?.[2]?.startsWith(open.marker) && (match[3] ?? "").trim() === "") {
        if (open.bang) {
          const commands = open.lines.map((command) => command.trim()).filter((command) => command !== "");
          sites.push({ start: open.start, end: Math.min(offset - 1, body.length), commands, kind: "block" });
        }
        open = undefined;
      } else {
        open.lines.push(text);
      }
      continue;
    }
    if (match) {
      const marker = match[2] ?? "```";
      open = {
        marker,
        bang: marker.startsWith("`") && (match[3] ?? "").trim() === "!",
        start: lineStart,
        lines: [],
      };
      continue;
    }
    for (const inline of text.matchAll(/!`([^`\n]+)`/g)) {
      const start = lineStart + (inline.index ?? 0);
      sites.push({
        start,
        end: start + inline[0].length,
        commands: [(inline[1] ?? "").trim()],
        kind: "inline",
      });
    }
  }
  return sites;
}
