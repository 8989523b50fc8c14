import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// CONTRIBUTING: no side effects at import. The built package is imported in a fresh process (vitest's
// own process already has handlers), then every stage subpath; nothing may touch signals or process.emit.
const dist = fileURLToPath(new URL("../dist/", import.meta.url));

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
    const stages = readdirSync(dist, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== "test")
      .map((entry) => `@skillset/core/${entry.name}`);
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
