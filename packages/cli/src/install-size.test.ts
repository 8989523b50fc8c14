import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// `npm install skillset` in an empty folder: the packed packages, installed from their tarballs (their
// dependencies from the npm cache), then `skillset list` run there. The goal is 6 MB (MiB): 8.8 once zod
// gave way to core's own schema builder (model/schema/), 5.96 once each package's entries were bundled
// with the dependencies npm need not install (scripts/bundle.mjs) and execa gave way to `spawn`. tar and
// what it pulls (2.9 MB) stay installed, for their security fixes; the o200k vocabulary (0.8 MB) is next.
// The MCP server is an optional peer, not part of this install.
const MAX_MB = 6;
const script = fileURLToPath(new URL("../../../scripts/install-size.mjs", import.meta.url));

describe("the packed install", () => {
  it(`runs \`skillset list\` and stays under ${MAX_MB} MB`, () => {
    const output = execFileSync(process.execPath, [script, "--max-mb", String(MAX_MB)], { encoding: "utf8" });
    const [, megabytes] = /install: ([\d.]+) MB/.exec(output) ?? [];
    expect(Number(megabytes)).toBeGreaterThan(0);
    expect(Number(megabytes)).toBeLessThanOrEqual(MAX_MB);
    expect(output).not.toContain("gpt-tokenizer");
    // No incremental build state or source maps to sources that are not shipped.
    expect(output).toContain("build leftovers shipped: 0");
  }, 300_000);
});
