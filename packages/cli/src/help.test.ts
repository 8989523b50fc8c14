import { describe, expect, it } from "vitest";
import { commandNames, findCommand } from "./commands/index.js";
import { HELP_WIDTH } from "./help.js";
import { runCliCaptured } from "./testing/index.js";

// Every command's --help, rendered by the real CLI at two terminal widths: no line is wider than the help
// (never more than 80 columns), no word of the texts is lost, and a line ends early only where the text
// means it to: before a blank line, a table row or example (starts with spaces), a list item ("- ") or
// another form of the usage. Any other line was wrapped, so the next word could not have fitted on it.
const normalize = (text: string) => text.replace(/\s+/g, " ").trim();
const indent = (line: string) => /^ */.exec(line)![0].length;

function earlyBreaks(help: string, width: number): string[] {
  const lines = help.trimEnd().split("\n");
  const options = lines.indexOf("Options:");
  const descriptionColumn = Math.max(
    ...lines.slice(options + 1).map((line) => /^ {2}.*?\S {2,}(?=\S)/.exec(line)?.[0].length ?? 0),
  );
  const usageEnd = lines.indexOf("");
  const found: string[] = [];
  for (let index = 0; index + 1 < lines.length; index++) {
    const line = lines[index]!;
    const next = lines[index + 1]!;
    if (line === "" || next === "" || index === options) continue;
    // The usage wraps under itself, and each further form starts with `skillset`; the options table
    // wraps under the descriptions' column; prose wraps at the left margin (an indented line or a "- "
    // item is a line of its own: an example, a table row).
    const continued =
      index < usageEnd
        ? !/^\s+skillset /.test(next)
        : options >= 0 && index > options
          ? indent(next) >= descriptionColumn
          : indent(line) === 0 && indent(next) === 0 && !next.startsWith("- ");
    if (!continued) continue;
    const nextWord = next.trim().split(" ")[0]!;
    if (line.length + 1 + nextWord.length <= width) found.push(`${line}⏎${next}`);
  }
  return found;
}

describe("every command's --help", () => {
  for (const columns of [80, 120]) {
    it(`fits ${columns} columns, loses no word and breaks no sentence early`, async () => {
      const width = Math.min(columns, HELP_WIDTH);
      for (const name of commandNames) {
        const command = (await findCommand(name))!;
        if (command.hidden) continue;
        const result = await runCliCaptured({ argv: [name, "--help"], cwd: process.cwd(), env: {}, columns });
        expect(result.code, name).toBe(0);
        const help = result.stdout;
        for (const line of help.split("\n"))
          expect(line.length, `${name}: ${line}`).toBeLessThanOrEqual(width);
        const flat = normalize(help);
        for (const form of command.usage.split("\n"))
          expect(flat, name).toContain(normalize(`skillset ${form}`));
        expect(flat, name).toContain(normalize(command.summary));
        if (command.details) expect(flat, name).toContain(normalize(command.details));
        for (const spec of Object.values(command.options))
          expect(flat, name).toContain(normalize(spec.description));
        expect(earlyBreaks(help, width), name).toEqual([]);
      }
    });
  }

  it("completion --help gives each shell its own line, and search --help each form of the command", async () => {
    const completion = (await runCliCaptured({ argv: ["completion", "--help"], cwd: process.cwd(), env: {} }))
      .stdout;
    expect(completion).toMatch(/^ {2}bash {2}source <\(skillset completion bash\)$/m);
    expect(completion).toMatch(/^ {2}zsh {3}skillset completion zsh > \$fpath\[1\]\/_skillset$/m);
    expect(completion).toMatch(/^ {2}fish {2}skillset completion fish > /m);
    const search = (await runCliCaptured({ argv: ["search", "--help"], cwd: process.cwd(), env: {} })).stdout;
    expect(search).toMatch(/^ {7}skillset search - \[options\]/m);
  });

  it("catches the breaks it looks for", () => {
    expect(earlyBreaks("Usage: skillset x\n\nThe budget is\n--budget tokens, else 2%.\n", 80)).toHaveLength(
      1,
    );
    expect(earlyBreaks("Usage: skillset x\nsearch - [options]\n", 80)).toHaveLength(1);
    expect(earlyBreaks("Usage: skillset x\n       skillset x -\n", 80)).toEqual([]);
    expect(earlyBreaks("U\n\nOptions:\n  --a  Some text\n       more\n", 80)).toHaveLength(1);
    expect(earlyBreaks("Intro:\n\n  bash  source it\n        or save it\n", 80)).toEqual([]);
  });
});
