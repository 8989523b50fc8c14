import { readFileSync, writeFileSync } from "node:fs";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";
import { cleanUp, hasTmux, startTmux, type TmuxSession } from "../testing/tmux-session.js";

// The real `skillset compose` in a real terminal (tmux); skipped with one line where tmux is missing.
let temp: TempDir;
let session: TmuxSession | undefined;

beforeEach(async () => {
  temp = await createTempProject("skillset-compose-");
  for (const [name, description] of [
    ["release-notes", "Draft release notes from merged changes."],
    ["review-pr", "Review a pull request for bugs."],
    ["systematic-debugging", "Find the root cause before fixing."],
  ]) {
    await temp.writeSkill(`project/.agents/skills/${name}`, { name, description });
  }
});
afterEach(async () => {
  await session?.kill();
  session = undefined;
  await cleanUp(temp);
});

function compose(args: string[] = [], options: { columns?: number; rows?: number; shellLine?: string } = {}) {
  session = startTmux({
    args: ["compose", ...args],
    cwd: temp.join("project"),
    env: { ...isolatedEnv(temp), SKILLSET_KEY_TIMING: temp.join("timing.txt") },
    dir: temp.path,
    ...options,
  });
  return session;
}

/** The popup row of a skill, or undefined. */
function row(screen: string, name: string): string | undefined {
  return screen.split("\n").find((line) => line.includes(name) && line.includes("["));
}

describe.skipIf(!hasTmux)("skillset compose in a terminal (needs tmux)", () => {
  it("opens the popup, filters, selects, inserts and sends the turn", async () => {
    const term = compose();
    await term.waitFor("$ or / for skills");
    term.type("fix the flaky test with $re");
    let screen = await term.waitFor((text) => row(text, "release-notes") !== undefined);
    expect(row(screen, "review-pr")).toContain("›");
    expect(screen).not.toContain("systematic-debugging");
    term.keys("Down");
    screen = await term.waitFor((text) => row(text, "release-notes")?.includes("›") === true);
    term.keys("Tab");
    screen = await term.waitFor("with $release-notes");
    expect(screen).not.toContain("[repo]");
    term.type("now please");
    term.keys("Enter");
    screen = await term.waitFor("Task:");
    expect(screen).toContain("Using skill: release-notes");
    expect(screen).toContain("Task: fix the flaky test with now please");
    // Initials, then Esc closes the popup without inserting.
    term.type("$sd");
    await term.waitFor((text) => row(text, "systematic-debugging")?.includes("›") === true);
    term.keys("Escape");
    await term.waitFor((text) => row(text, "systematic-debugging") === undefined);
    term.keys("C-c");
    await term.waitFor("__EXIT=130");
    // Each key was drawn well within a frame (measured inside the process: key handled → frame written).
    const times = readFileSync(temp.join("timing.txt"), "utf8").trim().split("\n").map(Number);
    const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    console.log(`compose: key → frame drawn, ms: median ${median}, all ${times.join(" ")}`);
    expect(times.length).toBeGreaterThan(3);
    // 16 ms is the target on an idle machine; a loaded CI box shares the core with other work, so the
    // test holds the best key to the target and the median to a margin.
    expect(Math.min(...times)).toBeLessThanOrEqual(16);
    expect(median).toBeLessThanOrEqual(100);
  });

  it("--print prints the resolved turn as JSON", async () => {
    const out = temp.join("turn.json");
    const term = compose(["--print"], { shellLine: `%s > '${out}'` });
    await term.waitFor("$ or / for skills");
    term.type("/rel");
    await term.waitFor((text) => row(text, "release-notes") !== undefined);
    term.keys("Enter");
    await term.waitFor("/release-notes");
    term.type("for v2");
    term.keys("Enter");
    await term.waitFor("__EXIT=0");
    const turn = JSON.parse(readFileSync(out, "utf8"));
    expect(turn.activations).toEqual([expect.objectContaining({ name: "release-notes", via: "command" })]);
    expect(turn.visibleLines).toEqual(["Using skill: release-notes"]);
  });

  it("survives a 20-column terminal, a resize, a 100,000-character paste and Ctrl-D", async () => {
    const term = compose([], { columns: 20, rows: 10 });
    await term.waitFor(">");
    term.type("$re");
    await term.waitFor((text) => /review-p|release/.test(text));
    term.resize(60, 15);
    await term.waitFor((text) => row(text, "review-pr") !== undefined);
    term.keys("Escape");
    await term.waitFor((text) => row(text, "review-pr") === undefined);
    term.keys("C-a");
    const paste = temp.join("paste.txt");
    writeFileSync(paste, "x".repeat(100_000));
    term.paste(paste);
    await term.waitFor("xxxxxxxxxx");
    term.type(" and ");
    term.type("$sys");
    await term.waitFor((text) => row(text, "systematic-debugging") !== undefined);
    term.keys("Escape");
    await term.waitFor((text) => row(text, "systematic-debugging") === undefined);
    term.keys("C-c");
    await term.waitFor("__EXIT=130");
  });

  it("ends with Ctrl-D on an empty line and leaves the terminal usable", async () => {
    const term = compose([], { shellLine: "%s; stty -a | tr ';' '\\n' | grep -c -- '-icanon'" });
    await term.waitFor("$ or / for skills");
    term.keys("C-d");
    const screen = await term.waitFor("__EXIT=");
    // `stty -a` after the composer: canonical mode is back on (no `-icanon`).
    expect(screen).toMatch(/^0$/m);
  });
});

describe("skillset compose without a terminal", () => {
  it("reads one message a line", async () => {
    const long = `${"x".repeat(100_000)} $review-pr`;
    const run = await runCliCaptured({
      argv: ["compose"],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      stdin: `$release-notes for v2\n\n${long}\n`,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Using skill: release-notes\n");
    expect(run.stdout).toContain("Task: for v2\n");
    expect(run.stdout).toContain("Using skill: review-pr\n");
    const printed = await runCliCaptured({
      argv: ["compose", "--print"],
      cwd: temp.join("project"),
      env: isolatedEnv(temp),
      stdin: "$nope do it\n",
    });
    expect(JSON.parse(printed.stdout)).toMatchObject({
      activations: [],
      diagnostics: [expect.objectContaining({ code: "mention-not-found" })],
    });
  });
});
