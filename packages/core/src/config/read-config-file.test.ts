import { execFileSync } from "node:child_process";
import { chmod, mkdir } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { SkillsetError } from "../model/errors.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { readConfigFile } from "./read-config-file.js";

let temp: TempDir;
let file: string;
beforeEach(async () => {
  temp = await createTempDir("skillset-read-config-");
  file = temp.join("config.json");
});
afterEach(() => temp.cleanup());

/** The message of the `config-unreadable` error reading `file` throws. */
async function refusal(options: { required?: boolean; requiredBy?: string } = {}): Promise<string> {
  const error = await readConfigFile(file, nodeFileSystem, options).catch((caught: unknown) => caught);
  if (!SkillsetError.isInstance(error)) throw new Error(`expected a SkillsetError, got ${String(error)}`);
  expect(error.code).toBe("config-unreadable");
  return error.message;
}

// Each message says what is wrong in words (never a bare error code) and the fix that fits it: skillset
// never writes config.json, so nothing tells the user to let it write one.
describe("readConfigFile: a file that cannot be read", () => {
  it("a missing file named by SKILLSET_CONFIG: create it or fix the path", async () => {
    expect(await refusal({ required: true, requiredBy: "SKILLSET_CONFIG" })).toBe(
      `Cannot read config file ${file} (named by SKILLSET_CONFIG): it does not exist. Create the file or fix the path.`,
    );
  });

  it("a FIFO: replace it with a regular JSON file (read without blocking)", async () => {
    execFileSync("mkfifo", [file]);
    expect(await refusal()).toBe(
      `Cannot read config file ${file}: it is a FIFO (named pipe), not a regular file. Replace it with a regular JSON file, or fix the path.`,
    );
  });

  it("a folder: replace it with a regular JSON file", async () => {
    await mkdir(file);
    expect(await refusal()).toBe(
      `Cannot read config file ${file}: it is a folder, not a file. Replace it with a regular JSON file, or fix the path.`,
    );
  });

  it("over 1 MiB: cut it down, never 'let skillset write a fresh one'", async () => {
    await temp.write({ "config.json": `{"x":"${"y".repeat(1_200_000)}"}` });
    expect(await refusal()).toBe(
      `Cannot read config file ${file}: it is 1.14 MiB, over the 1 MiB limit, and was not read. A config file holds a few settings: cut it down to those (it is plain JSON), or fix the path.`,
    );
  });

  it.skipIf(process.getuid?.() === 0)("unreadable by this user: give read permission", async () => {
    await temp.write({ "config.json": "{}" });
    await chmod(file, 0o200);
    expect(await refusal()).toBe(
      `Cannot read config file ${file}: permission denied (your user may not read it). Give your user read permission on it, or fix the path.`,
    );
  });
});
