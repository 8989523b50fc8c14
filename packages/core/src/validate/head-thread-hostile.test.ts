/**
 * Hostile skill files read by the head-reading thread (`fs/head-reader-thread.ts`): validation and a
 * registry load give the same reports, entries and diagnostics as with every read on the main thread, and
 * nothing blocks or leaks. The thread is forced (`threadOnly`), so every head really comes from it.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, truncateSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultConfig } from "../config/default-config.js";
import type { HeadThreadOptions } from "../parser/index.js";
import { createRegistry } from "../registry/create-registry.js";
import { createTempDir, isolatedEnv, type TempDir } from "../test/temp-tree.js";
import { validatePaths } from "./validate-paths.js";

const posix = process.platform !== "win32";
const SECRET = `HEAD-THREAD-SECRET-${process.pid}`;
const skill = (name: string) => `---\nname: ${name}\ndescription: Use when testing ${name}.\n---\nBody.\n`;

let temp: TempDir;
const skills = () => temp.join("project/.agents/skills");

beforeAll(async () => {
  temp = await createTempDir("skillset-head-thread-hostile-");
  const files: Record<string, string> = {
    "secret/credentials": `aws_secret_access_key = ${SECRET}\n`,
    "project/.agents/skills/binary/SKILL.md": "---\nname: binary\n---\n\0\0\0",
    "project/.agents/skills/utf16/SKILL.md": "\ufeff---",
    "project/.agents/skills/folder/SKILL.md/inside.md": "x",
    "project/.agents/skills/Bad_Name/SKILL.md": skill("Bad_Name"),
    "project/.agents/skills/lower/skill.md": skill("lower"),
    "project/.agents/skills/huge/SKILL.md": "",
  };
  // Enough files for several runs of the reader, hostile ones among them.
  for (let index = 0; index < 300; index++)
    files[`project/.agents/skills/s${index}/SKILL.md`] = skill(`s${index}`);
  await temp.write(files);
  await temp.write({ "project/.agents/skills/utf8/SKILL.md": "" });
  execFileSync("sh", [
    "-c",
    `printf -- '---\\nname: utf8\\n---\\n\\377\\376' > '${temp.join("project/.agents/skills/utf8/SKILL.md")}'`,
  ]);
  truncateSync(temp.join("project/.agents/skills/huge/SKILL.md"), 64 * 1024 * 1024);
  mkdirSync(temp.join("project/.agents/skills/fifo"));
  execFileSync("mkfifo", [temp.join("project/.agents/skills/fifo/SKILL.md")]);
  mkdirSync(temp.join("project/.agents/skills/secret-link"));
  symlinkSync(temp.join("secret/credentials"), temp.join("project/.agents/skills/secret-link/SKILL.md"));
  mkdirSync(temp.join("project/.git"));
});
afterAll(() => temp.cleanup());

/** Options forcing the thread, and what it reports. */
function forced(): { options: HeadThreadOptions; delivered: () => number } {
  let delivered = -1;
  return {
    options: { minFiles: 0, threadOnly: true, onThreadDone: (count) => (delivered = count) },
    delivered: () => delivered,
  };
}

describe.skipIf(!posix)("hostile files through the head-reading thread", () => {
  it.each(["strict", "lenient"] as const)(
    "validate (%s): the same reports as on the main thread",
    async (mode) => {
      const thread = forced();
      const withThread = await validatePaths([skills()], { mode, headThread: thread.options });
      const onMain = await validatePaths([skills()], {
        mode,
        headThread: { minFiles: Number.POSITIVE_INFINITY },
      });
      expect(thread.delivered()).toBeGreaterThan(300);
      expect(withThread).toEqual(onMain);
      const codes = new Set(withThread.flatMap((report) => report.diagnostics.map((found) => found.code)));
      for (const code of ["file-too-large", "file-not-regular", "file-binary", "encoding-invalid"]) {
        expect(codes, code).toContain(code);
      }
      expect(JSON.stringify(withThread)).not.toContain(SECRET);
    },
  );

  it("a registry load: the same entries and diagnostics as on the main thread", async () => {
    const load = async (headThread: HeadThreadOptions) => {
      const registry = createRegistry({
        cwd: temp.join("project"),
        env: isolatedEnv(temp),
        cacheFile: false,
        config: { ...defaultConfig, discovery: { ...defaultConfig.discovery, providers: { system: false } } },
        headThread,
      });
      await registry.load();
      return {
        entries: registry.entries(),
        diagnostics: registry.diagnostics(),
        parsed: registry.stats().parsed,
      };
    };
    const thread = forced();
    const withThread = await load(thread.options);
    const onMain = await load({ minFiles: Number.POSITIVE_INFINITY });
    expect(thread.delivered()).toBeGreaterThan(300);
    expect(withThread).toEqual(onMain);
    expect(withThread.entries.length).toBeGreaterThan(300);
    const codes = new Set(withThread.diagnostics.map((found) => found.code));
    for (const code of ["file-too-large", "file-not-regular", "link-refused"])
      expect(codes, code).toContain(code);
    expect(JSON.stringify(withThread)).not.toContain(SECRET);
  });
});
