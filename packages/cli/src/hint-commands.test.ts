import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TempDir } from "@skillset/core/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCommands } from "./commands/index.js";
import { createTempProject, isolatedEnv, runCliCaptured } from "./testing/index.js";

const commands = await loadCommands();

// Every `skillset X` a message tells a person to run must be a command that exists. Checked two ways: every
// backticked `skillset X` in the sources that print messages (the CLI, core and the installer), and the
// hints in the output of real runs that give them.
const known = new Set([...commands.map((command) => command.name), "help"]);
const packagesDir = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.includes("node_modules"))
    .map((file) => join(dir, file));
}

/** Commands named in code, not in comments (a comment may write `skillset argv…` about a helper). */
function namedCommands(text: string): string[] {
  const code = text
    .split("\n")
    .filter((line) => !/^\s*(\/\/|\/\*|\*)/.test(line))
    .join("\n");
  return [...code.matchAll(/`skillset ([a-z][a-z-]*)/g)].map((match) => match[1] as string);
}

describe("hint commands", () => {
  it("every `skillset X` in a message of the sources is a command of the table", () => {
    const named = new Map<string, string>();
    for (const pkg of readdirSync(packagesDir)) {
      for (const file of sourceFiles(join(packagesDir, pkg, "src"))) {
        for (const name of namedCommands(readFileSync(file, "utf8"))) named.set(name, file);
      }
    }
    expect(named.size).toBeGreaterThan(5); // the scan found the messages
    const missing = [...named].filter(([name]) => !known.has(name));
    expect(missing).toEqual([]);
  });

  describe("in real output", () => {
    let temp: TempDir;
    beforeAll(async () => {
      temp = await createTempProject("skillset-hints-");
      await temp.writeSkill("project/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs." });
      await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
      await temp.write({
        "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: ["pdf"], enabled: [] }),
      });
    });
    afterAll(() => temp.cleanup());

    it.each([
      [["resolve", "$nope go"]],
      [["resolve", "$pdf go"]],
      [["show", "nope"]],
      [["disable", "nope"]],
      [["list"]],
      [["list", "--scope", "user"]],
      [["state"]],
      [["nope"]],
      [["help", "nope"]],
    ])("skillset %j names only commands that exist", async (argv) => {
      const { stdout, stderr } = await runCliCaptured({
        argv: argv as string[],
        cwd: temp.join("project"),
        env: isolatedEnv(temp),
      });
      const text = stdout + stderr;
      // A hint: a backticked command, or one after "run", "with" or "try" (not prose like "where skillset looked").
      const hints = /(?:`|\b(?:[Rr]un|with|[Tt]ry) )skillset ([a-z][a-z-]*)/g;
      const named = [...text.matchAll(hints)].map((match) => match[1] as string);
      expect(text).not.toContain("/skill list");
      expect(named.filter((name) => !known.has(name))).toEqual([]);
    });
  });
});
