import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `npm install skillset` in an empty folder: the packed packages, installed from their tarballs (their
// dependencies from the npm cache), then `skillset list` run there. The goal is 10 MB. Without a 26 MB
// tokenizer it was 14.4 MB (zod ~5.9 MB, tar ~2.2 MB); the MCP server the CLI now depends on adds ~11 MB
// (its SDK, hono, ajv, …). This guards against growth until those are slimmed or made optional.
const MAX_MB = 30;
const script = fileURLToPath(new URL("../../../scripts/install-size.mjs", import.meta.url));

describe("the packed install", () => {
  it(`runs \`skillset list\` and stays under ${MAX_MB} MB`, () => {
    const output = execFileSync(process.execPath, [script, "--max-mb", String(MAX_MB)], { encoding: "utf8" });
    const [, megabytes] = /install: ([\d.]+) MB/.exec(output) ?? [];
    expect(Number(megabytes)).toBeGreaterThan(0);
    expect(Number(megabytes)).toBeLessThanOrEqual(MAX_MB);
    expect(output).not.toContain("gpt-tokenizer");
  }, 300_000);
});
