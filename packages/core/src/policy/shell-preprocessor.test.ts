import { readFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SkillsetError } from "../model/errors.js";
import { makeSkill } from "../test/make-skill.js";
import { createTempDir, type TempDir } from "../test/temp-tree.js";
import { findShellCommands } from "./find-shell-commands.js";
import { createShellPreprocessor } from "./shell-preprocessor.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempDir();
});
afterEach(() => temp.cleanup());

const on = { enabled: true, trustedScopes: ["user" as const], timeoutMs: 5_000, maxOutputBytes: 10_000 };
const userSkill = () =>
  makeSkill({
    name: "ctx",
    scope: "user",
    dir: temp.path,
    path: temp.join("SKILL.md"),
    id: temp.join("SKILL.md"),
  });

async function failure(promise: Promise<unknown>): Promise<SkillsetError> {
  try {
    await promise;
  } catch (error) {
    if (SkillsetError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected the preprocessing to fail");
}

describe("findShellCommands", () => {
  it("finds inline commands and ```! blocks, not commands inside ordinary fences", () => {
    const body = "Now: !`date +%s`\n\n```!\necho one\n\necho two\n```\n\n```sh\n!`not-this`\n```\n";
    const sites = findShellCommands(body);
    expect(sites.map((site) => [site.kind, site.commands])).toEqual([
      ["inline", ["date +%s"]],
      ["block", ["echo one", "echo two"]],
    ]);
    expect(body.slice(sites[1]?.start, sites[1]?.end)).toBe("```!\necho one\n\necho two\n```");
  });
});

describe("createShellPreprocessor", () => {
  it("is off by default: the body stays as written and nothing runs", async () => {
    const body = `!\`touch ${temp.join("ran")}\``;
    const result = await createShellPreprocessor({ ...on, enabled: false })(body, userSkill());
    expect(result).toBe(body);
    await expect(readFile(temp.join("ran"))).rejects.toThrow();
  });

  it("runs commands for a trusted scope, in the skill's folder, and replaces them with their output", async () => {
    await temp.write({ "note.txt": "hello from the skill folder\n" });
    const body = "Note: !`cat note.txt`\n```!\necho one\necho two\n```\nend";
    expect(await createShellPreprocessor(on)(body, userSkill())).toBe(
      "Note: hello from the skill folder\none\ntwo\nend",
    );
  });

  it("refuses an untrusted scope without running anything", async () => {
    const skill = { ...userSkill(), scope: "repo" as const };
    const error = await failure(createShellPreprocessor(on)(`!\`touch ${temp.join("ran")}\``, skill));
    expect(error.code).toBe("shell-untrusted");
    expect(error.message).toContain("its scope (repo) is not trusted");
    await expect(readFile(temp.join("ran"))).rejects.toThrow();
  });

  it("a failing command aborts with its name", async () => {
    const error = await failure(createShellPreprocessor(on)("!`ls no-such-file-here`", userSkill()));
    expect(error.code).toBe("shell-failed");
    expect(error.message).toContain("`ls no-such-file-here` exited with code");
    expect(error.message).toContain("no-such-file-here");
    const missing = await failure(createShellPreprocessor(on)("!`no-such-program-xyz --flag`", userSkill()));
    expect(missing.code).toBe("shell-failed");
    expect(missing.message).toContain("`no-such-program-xyz --flag`");
  });

  it("refuses shell syntax instead of handing it to a shell", async () => {
    const error = await failure(createShellPreprocessor(on)("!`cat /etc/passwd | head`", userSkill()));
    expect(error.code).toBe("shell-syntax");
    expect(error.message).toContain("`cat /etc/passwd | head`");
  });

  it("caps the output", async () => {
    await temp.write({ "big.txt": "x".repeat(50_000) });
    const error = await failure(
      createShellPreprocessor({ ...on, maxOutputBytes: 1_000 })("!`cat big.txt`", userSkill()),
    );
    expect(error.code).toBe("shell-output-too-large");
  });

  it("kills a hanging command and its children at the timeout", async () => {
    // A script that starts a child (sleep) and waits; both must be gone after the timeout.
    await temp.write({ "hang.sh": `#!/bin/sh\nsleep 300 &\necho $! > "${temp.join("child.pid")}"\nwait\n` });
    const started = Date.now();
    const error = await failure(
      createShellPreprocessor({ ...on, timeoutMs: 1_500 })("!`sh hang.sh`", userSkill()),
    );
    expect(error.code).toBe("shell-timeout");
    expect(error.message).toContain("`sh hang.sh` did not finish within 1500 ms");
    expect(Date.now() - started).toBeLessThan(20_000);
    const child = Number((await readFile(temp.join("child.pid"), "utf8")).trim());
    expect(child).toBeGreaterThan(0);
    let alive = true;
    for (let attempt = 0; attempt < 50 && alive; attempt++) {
      try {
        process.kill(child, 0);
        await new Promise((resolve) => setTimeout(resolve, 100));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
  }, 30_000);
});
