/**
 * `skillset watch` against an attacker who changes the tree while it runs (the real binary, the real
 * watcher, a child process with a kill timeout): a SKILL.md linked to a secret, a FIFO named SKILL.md, a
 * deep folder chain and a link loop appear under a watched root. The watcher never prints a byte of the
 * secret, never blocks on the FIFO, and still reports an honest skill added afterwards, promptly.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { renderSkillFile, type TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv } from "../testing/index.js";
import { type RunningBin, startBin } from "./run-bin.js";

const posix = process.platform !== "win32";
const SECRET = `SKILLSET-WATCH-SECRET-${process.pid}-${Date.now()}`;
/** Generous: the watcher settles writes and the suite shares two loaded cores. */
const PROMPTLY_MS = 20_000;

let temp: TempDir;
let watch: RunningBin | undefined;

beforeEach(async () => {
  temp = await createTempProject("skillset-hostile-watch-");
  await temp.write({
    "home/.aws/credentials": `[default]\naws_secret_access_key = ${SECRET}\n`,
    "outside/trap/SKILL.md": renderSkillFile({ name: "trap", description: SECRET }, `${SECRET}\n`),
    "project/.agents/skills/ok/SKILL.md": renderSkillFile({ name: "ok", description: "Use when testing." }),
  });
});
afterEach(async () => {
  await watch?.stop(2_000);
  watch = undefined;
  await temp.cleanup();
});

const skills = (...parts: string[]) => temp.join("project/.agents/skills", ...parts);

describe.skipIf(!posix)("skillset watch while an attacker changes the tree", () => {
  it("never prints the secret, never blocks, and keeps reporting real changes", {
    timeout: 90_000,
  }, async () => {
    watch = startBin(["watch", "--json"], { cwd: temp.join("project"), env: isolatedEnv(temp) });
    await watch.waitFor(/^Watching /m, PROMPTLY_MS);

    // A SKILL.md linked to a secret, and one linked to a SKILL.md outside every root.
    mkdirSync(skills("aws"));
    symlinkSync(temp.join("home/.aws/credentials"), skills("aws/SKILL.md"));
    mkdirSync(skills("trap"));
    symlinkSync(temp.join("outside/trap/SKILL.md"), skills("trap/SKILL.md"));
    // A folder link out of the project, and a loop.
    symlinkSync(temp.join("home/.aws"), skills("aws-dir"));
    symlinkSync(skills(), skills("loop"));
    // A FIFO named SKILL.md: opening it for reading would block forever.
    mkdirSync(skills("pipe"));
    execFileSync("mkfifo", [skills("pipe/SKILL.md")]);
    // A folder chain far deeper than the walker goes, with a skill at the bottom.
    const deep = skills(...Array.from({ length: 60 }, (_, index) => `d${index}`));
    mkdirSync(deep, { recursive: true });
    await temp.write({
      [join(deep.slice(temp.path.length + 1), "SKILL.md")]: renderSkillFile({
        name: "deep",
        description: "Too deep.",
      }),
    });

    // Then an honest change: it must still come through, promptly.
    await temp.write({
      "project/.agents/skills/canary/SKILL.md": renderSkillFile({
        name: "canary",
        description: "Use to check.",
      }),
    });
    await watch.waitFor(/"name":"canary"/, PROMPTLY_MS);
    await temp.write({
      "project/.agents/skills/ok/SKILL.md": renderSkillFile({
        name: "ok",
        description: "Edited while watched.",
      }),
    });
    await watch.waitFor(/Edited while watched/, PROMPTLY_MS);

    expect(watch.running).toBe(true);
    const events = watch.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { type: string; skill: { name: string } });
    const named = events.map((event) => `${event.type} ${event.skill.name}`);
    // Only the honest changes: nothing for the hostile entries, no echo of a skill reached through the loop.
    expect(named).toEqual(["added canary", "changed ok"]);
    expect(watch.stdout + watch.stderr).not.toContain(SECRET);
    expect(watch.stderr).not.toMatch(/internal error|\n\s+at .+:\d+:\d+/);

    // Ctrl-C still ends it: nothing is stuck on the FIFO.
    const ended = await watch.stop(5_000);
    expect(ended.killed).toBe(false);
  });
});
