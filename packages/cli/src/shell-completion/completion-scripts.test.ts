import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Command } from "../command.js";
import { loadCommands } from "../commands/index.js";
import { globalOptions } from "../global-options.js";
import { completionScript, SHELLS } from "./index.js";

const commands = await loadCommands();

const extra: Command = {
  name: "frobnicate",
  summary: "A command added later: it's in every script without touching them",
  usage: "frobnicate <name>",
  options: { "dry-run": { type: "boolean", description: "Only say what would change [safely]" } },
  load: async () => ({ run: async () => 0 }),
};
const hidden: Command = { ...extra, name: "__secret", hidden: true };

describe("completion scripts", () => {
  it.each(SHELLS)("%s: every visible command and flag from the table, none of the hidden ones", (shell) => {
    const script = completionScript(shell, [...commands, extra, hidden], globalOptions);
    for (const command of commands.filter((c) => !c.hidden)) expect(script).toContain(command.name);
    expect(script).toContain("frobnicate");
    expect(script).toContain("dry-run");
    expect(script).not.toContain("__secret");
    expect(script).toContain("skillset __complete skills");
  });

  for (const [shell, check] of [
    ["bash", "-n"],
    ["zsh", "-n"],
    ["fish", "--no-execute"],
  ] as const) {
    const installed = !spawnSync(shell, ["--version"]).error;
    it.skipIf(!installed)(`${shell} accepts its script (skipped: ${shell} is not installed)`, () => {
      // From a file: fish reads no script from the socket Node gives a child as its standard input.
      const folder = mkdtempSync(join(tmpdir(), "skillset-completion-script-"));
      try {
        const file = join(folder, `skillset.${shell}`);
        writeFileSync(file, completionScript(shell, [...commands, extra], globalOptions));
        const result = spawnSync(shell, [check, file], { encoding: "utf8" });
        expect(result.stderr).toBe("");
        expect(result.status).toBe(0);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    });
  }
});
