import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

// A skill whose name and description carry what a hostile author would use on a terminal: OSC 52 (write the
// clipboard), a cursor move, ESC[8m (hide text), BEL, a C1 CSI, the RTL override and a newline. Every
// command that prints skill text for a person must show these escaped; JSON keeps the exact values.
const ESC = "\u001b";
const hostileName = `evil${ESC}]52;c;ZXZpbA==\u0007${ESC}[2A\u009b31m\u202eeman\nnext`;
const hostileDescription = `Use when ${ESC}[8mhidden${ESC}[0m text\u0007 moves ${ESC}[1;1H the cursor \u202edesrever\u009b`;
const raw = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-hostile-cli-");
  await temp.write({
    "project/.agents/skills/evil/SKILL.md": `---\nname: ${JSON.stringify(hostileName)}\ndescription: ${JSON.stringify(hostileDescription)}\nmetadata:\n  "k${ESC}[2J": "v\u0007"\n---\nBody\n`,
    "project/.agents/skills/plain/SKILL.md": "---\nname: plain\ndescription: Use for plain things.\n---\n",
  });
});
afterEach(() => temp.cleanup());

const cli = (argv: string[], options: { columns?: number; color?: boolean } = {}) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    // NO_COLOR: escaping must not depend on colour being on.
    env: { ...isolatedEnv(temp), ...(options.color ? { FORCE_COLOR: "1", NO_COLOR: undefined } : {}) },
    ...(options.columns === undefined ? {} : { columns: options.columns }),
  });

/** No control or bidi character reaches the output; a colour run (`ESC[..m` we wrote) is allowed only with colour on. */
function expectInert(text: string, color = false) {
  const withoutOurColours = color ? text.replace(/\u001b\[\d+m/g, "") : text;
  expect(withoutOurColours).not.toMatch(raw);
}

describe("hostile skill text on a terminal", () => {
  it.each([
    [["list"]],
    [["list", "--all"]],
    [["show", "evil"]],
    [["show", ".agents/skills/evil"]],
    [["doctor"]],
    [["validate"]],
    [["validate", ".agents/skills/evil"]],
    [["lint"]],
    [["lint", ".agents/skills/evil"]],
    [["to-prompt", ".agents/skills/evil"]],
    [["resolve", "$evil do it"]],
    [["resolve", "[$x](.agents/skills/evil) go"]],
    [["enable", ".agents/skills/evil"]],
    [["state"]],
  ])("skillset %j escapes every control and bidi character (NO_COLOR)", async (argv) => {
    const result = await cli(argv as string[], { columns: 200 });
    expectInert(result.stdout);
    expectInert(result.stderr);
    expect(result.stdout + result.stderr).not.toBe("");
  });

  it("list shows the name escaped on one line, also when piped and with colour on", async () => {
    for (const options of [{}, { columns: 120 }, { columns: 120, color: true }]) {
      const { stdout, stderr } = await cli(["list"], options);
      expectInert(stdout, options.color);
      expectInert(stderr, options.color);
      const line = stdout.split("\n").find((row) => row.includes("evil"));
      expect(line).toContain("\\x1b]52;c;ZXZpbA==\\x07");
      expect(line).toContain("\\u202e");
      expect(line).toContain("\\x0anext"); // the newline in the name is shown, not obeyed
    }
  });

  it("catalog on a terminal shows no raw controls", async () => {
    const result = await runCliCaptured({
      argv: ["catalog"],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      columns: 120,
      tty: true,
    });
    expectInert(result.stdout);
    expectInert(result.stderr);
  });

  it("JSON keeps the exact values", async () => {
    const { stdout } = await cli(["list", "--json"]);
    expect(stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/); // JSON escapes C0 controls…
    const evil = JSON.parse(stdout).skills.find((skill: { path: string }) => skill.path.includes("/evil/"));
    expect(evil.name).toBe(hostileName); // …and a reader gets them back exactly
    const shown = JSON.parse((await cli(["show", ".agents/skills/evil", "--json"])).stdout);
    expect(shown.frontmatter.description).toBe(hostileDescription);
  });

  it("every JSON output writes DEL, C1, bidi controls and U+2028/U+2029 as \\uXXXX, and parses to the exact values", async () => {
    // YAML escapes in the file; the parsed frontmatter holds the characters themselves (the description's
    // blanks are normalised, so U+2028/U+2029 ride in metadata, kept as written).
    await temp.write({
      "project/.agents/skills/marks/SKILL.md":
        '---\nname: marks\ndescription: "Use when \\x7f\\N\\x9b \\u061c\\u200e\\u200f \\u202a\\u202b\\u202c\\u202d\\u202e \\u2066\\u2067\\u2068\\u2069 end"\nmetadata:\n  lines: "a\\Lb\\Pc"\n---\nBody\n',
      // An invalid name: the findings of validate (JSON and SARIF) quote it.
      "project/.agents/skills/bidi/SKILL.md":
        '---\nname: "bidi\\u202e\\x9b"\ndescription: Use when testing.\n---\n',
    });
    const description =
      "Use when \u007f\u0085\u009b \u061c\u200e\u200f \u202a\u202b\u202c\u202d\u202e \u2066\u2067\u2068\u2069 end";
    const lines = "a\u2028b\u2029c";
    const anyMark = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
    type Json = Record<string, never>;
    const quoted = (json: Json, text: string) =>
      JSON.stringify(json).includes(JSON.stringify(text).slice(1, -1));
    const outputs: [string[], (json: Json) => boolean][] = [
      [["list", "--json"], (json) => quoted(json, description)],
      [["show", "marks", "--json"], (json) => quoted(json, description) && quoted(json, lines)],
      [
        ["read-properties", ".agents/skills/marks"],
        (json) => quoted(json, description) && quoted(json, lines),
      ],
      [["search", "marks", "--json"], (json) => quoted(json, description)],
      [["validate", ".agents/skills/bidi", "--json"], (json) => quoted(json, "bidi\u202e\u009b")],
      [["validate", ".agents/skills/bidi", "--sarif"], (json) => quoted(json, "bidi\u202e\u009b")],
    ];
    for (const [argv, holds] of outputs) {
      const { stdout } = await cli(argv);
      expect(stdout, argv.join(" ")).not.toMatch(anyMark);
      expect(stdout, argv.join(" ")).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      expect(stdout, argv.join(" ")).toContain("\\u202e");
      expect(holds(JSON.parse(stdout)), argv.join(" ")).toBe(true);
    }
  });

  it("the real process, stdout a pipe: list and show print no raw control bytes", () => {
    const bin = fileURLToPath(new URL("../../bin/skillset.js", import.meta.url));
    for (const argv of [["list"], ["show", ".agents/skills/evil"], ["doctor"]]) {
      const child = spawnSync(process.execPath, [bin, ...argv], {
        cwd: temp.join("project"),
        env: { ...isolatedEnv(temp), PATH: process.env.PATH ?? "" },
        encoding: "buffer",
      });
      const bytes = Buffer.concat([child.stdout, child.stderr]);
      for (const byte of [0x1b, 0x07]) expect(bytes.includes(byte)).toBe(false);
      expect(bytes.includes(Buffer.from("\u202e"))).toBe(false);
      expect(bytes.includes(Buffer.from("\u009b"))).toBe(false);
      expect(child.stdout.toString(), child.stderr.toString()).toContain("evil");
    }
  });
});
