import { execFileSync } from "node:child_process";
import { existsSync, symlinkSync, writeFileSync } from "node:fs";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { MAX_LOCK_BYTES, readLock } from "./read-lock.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir("skillset-read-lock-");
  await temp.write({
    "project/.keep": "",
    "home/.aws/credentials": "[default]\naws_secret_access_key=SECRET42\n",
  });
});
afterEach(() => temp.cleanup());

const lockPath = () => temp.join("project/skills-lock.json");
const place = () => ({ writeRoots: [temp.join("project")] });

describe("a committed lock is read as untrusted input", () => {
  it("a FIFO is refused at once, never waited on", async () => {
    execFileSync("mkfifo", [lockPath()]);
    await expect(readLock(lockPath(), { place: place() })).rejects.toMatchObject({
      code: "install-lock-unreadable",
      message: expect.stringContaining("a FIFO (named pipe), not a regular file"),
    });
  });

  it("a link to /dev/zero is refused before anything is read", async () => {
    symlinkSync("/dev/zero", lockPath());
    // Without `place` (no link check) the descriptor check still refuses the device.
    await expect(readLock(lockPath())).rejects.toMatchObject({ code: "install-lock-unreadable" });
    await expect(readLock(lockPath(), { place: place() })).rejects.toMatchObject({
      code: "install-link-outside",
    });
  });

  it("a file over the size limit is refused without reading it", async () => {
    execFileSync("truncate", ["-s", String(MAX_LOCK_BYTES + 1), lockPath()]);
    await expect(readLock(lockPath(), { place: place() })).rejects.toMatchObject({
      code: "install-lock-unreadable",
      message: expect.stringContaining(`over the ${MAX_LOCK_BYTES}-byte limit`),
    });
  });

  it("a link to the person's secret is refused, and even read, its text is never echoed", async () => {
    symlinkSync("../home/.aws/credentials", lockPath());
    const refused = await readLock(lockPath(), { place: place(), moveAsideWhenCorrupt: true }).catch(
      (error: Error) => error,
    );
    expect(refused).toMatchObject({ code: "install-link-outside" });
    expect(existsSync(lockPath())).toBe(true);
    const parsed = await readLock(lockPath()).catch((error: Error) => error);
    expect(parsed).toMatchObject({ code: "install-lock-corrupt" });
    expect((parsed as Error).message).not.toMatch(/default|aws|SECRET/);
  });

  it("bad JSON is reported by position only", async () => {
    writeFileSync(lockPath(), '{"version":1,"skills":{"x":tok_SECRET}}');
    const error = (await readLock(lockPath()).catch((caught: Error) => caught)) as Error;
    expect(error.message).toContain("is not a valid lock file: bad JSON.");
    expect(error.message).not.toContain("SECRET");
    writeFileSync(lockPath(), '{"version":1 "SECRET"');
    expect(((await readLock(lockPath()).catch((caught: Error) => caught)) as Error).message).toMatch(
      /bad JSON \(at character 13\)\.(?!.*SECRET)/,
    );
  });
});
