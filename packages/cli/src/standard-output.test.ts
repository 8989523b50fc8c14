import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

// Real processes writing to a real pipe, through the module built from its source here by the bundler the
// package is built with (in the package it is part of bin.js, which runs the CLI when imported).
const buildDir = mkdtempSync(join(tmpdir(), "skillset-standard-output-"));
buildSync({
  entryPoints: [fileURLToPath(new URL("./standard-output.ts", import.meta.url))],
  outfile: join(buildDir, "standard-output.js"),
  bundle: true,
  format: "esm",
  platform: "node",
  logLevel: "error",
});
const built = pathToFileURL(join(buildDir, "standard-output.js")).href;
afterAll(() => rmSync(buildDir, { recursive: true, force: true }));

/**
 * Runs a child that writes `pieces` lines of 64 KiB through `standardOutput` (after `setup`), and reads its
 * standard output slowly, so the pipe is full most of the time.
 */
function writeThroughPipe(
  setup: string,
  pieces: number,
): Promise<{ out: string; err: string; code: number | null }> {
  const script = `
    import { standardOutput } from ${JSON.stringify(built)};
    ${setup}
    const output = standardOutput(1, () => process.stdout, () => process.exit(0));
    for (let index = 0; index < ${pieces}; index++) output.write(String(index).padEnd(65535, ".") + "\\n");
    process.stderr.write(globalThis.handedOver ? "stream" : "direct");
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    const chunks: Buffer[] = [];
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      // A slow reader: the writer finds the pipe full.
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    child.stderr.on("data", (chunk) => {
      err += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ out: Buffer.concat(chunks).toString("utf8"), err, code }));
  });
}

function expectAllLines(out: string, pieces: number): void {
  const lines = out.split("\n");
  expect(lines).toHaveLength(pieces + 1);
  lines.slice(0, -1).forEach((line, index) => {
    expect(line).toBe(String(index).padEnd(65535, "."));
  });
}

describe("standardOutput", () => {
  it("writes everything, in order, to a pipe that is full most of the time", async () => {
    const result = await writeThroughPipe("", 64);
    expect(result.code).toBe(0);
    expect(result.err).toBe("direct");
    expectAllLines(result.out, 64);
  });

  it("hands over to the stream, without losing or reordering bytes, when the descriptor would block", async () => {
    // Reading process.stdout makes the pipe non-blocking: the direct writes then meet EAGAIN.
    const setup = `
      const stream = process.stdout;
      const write = stream.write.bind(stream);
      stream.write = (...args) => { globalThis.handedOver = true; return write(...args); };
    `;
    const result = await writeThroughPipe(setup, 64);
    expect(result.code).toBe(0);
    expect(result.err).toBe("stream");
    expectAllLines(result.out, 64);
  });
});
