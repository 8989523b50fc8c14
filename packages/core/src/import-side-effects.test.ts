import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exportEntries } from "./test/export-map.js";

// CONTRIBUTING: no side effects at import. The built package is imported in a fresh process (vitest's
// own process already has handlers), then every subpath of its export map; nothing may touch signals or process.emit.

function importInChild(specifiers: readonly string[]): unknown {
  const script = `
    const signals = ["SIGINT", "SIGTERM", "SIGHUP", "exit", "beforeExit", "uncaughtException"];
    const count = () => Object.fromEntries(signals.map((name) => [name, process.listeners(name).length]));
    const before = count();
    const emit = process.emit;
    for (const specifier of ${JSON.stringify(specifiers)}) await import(specifier);
    console.log(JSON.stringify({ before, after: count(), emitUntouched: process.emit === emit }));
  `;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: fileURLToPath(new URL("../", import.meta.url)),
    encoding: "utf8",
  });
  return JSON.parse(output);
}

describe("importing @skillset/core", () => {
  it("adds no signal or exit listeners and leaves process.emit alone", () => {
    const stages = Object.keys(exportEntries(fileURLToPath(new URL("../", import.meta.url))))
      .filter((entry) => ![".", "./package.json", "./test"].includes(entry))
      .map((entry) => `@skillset/core/${entry.slice(2)}`);
    expect(stages).toContain("@skillset/core/state");
    const result = importInChild(["@skillset/core", ...stages]) as {
      before: Record<string, number>;
      after: Record<string, number>;
      emitUntouched: boolean;
    };
    expect(result.after).toEqual(result.before);
    expect(result.emitUntouched).toBe(true);
  });
});
