import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";
import { cleanUp, hasTmux, startTmux, type TmuxSession } from "../testing/tmux-session.js";

// The real `skillset pick` in a real terminal (tmux), its answer captured the way `$(skillset pick)` does.
let temp: TempDir;
let session: TmuxSession | undefined;

beforeEach(async () => {
  temp = await createTempProject("skillset-pick-");
  await temp.writeSkill(
    "project/.agents/skills/release-notes",
    { name: "release-notes", description: "Draft release notes from merged changes." },
    "# Release notes\n\nGroup changes by \u001b[31mkind\u001b[0m.\n",
  );
  await temp.writeSkill("project/.agents/skills/review-pr", {
    name: "review-pr",
    description: "Review a PR.",
  });
});
afterEach(async () => {
  await session?.kill();
  session = undefined;
  await cleanUp(temp);
});

function pick(args: string[], columns = 100) {
  session = startTmux({
    args: ["pick", ...args],
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    dir: temp.path,
    columns,
    rows: 20,
    shellLine: 'echo "got=[$(%s)]"; false',
  });
  return session;
}

const cli = (...argv: string[]) =>
  runCliCaptured({ argv, cwd: temp.join("project"), env: isolatedEnv(temp) });

describe.skipIf(!hasTmux)("skillset pick in a terminal (needs tmux)", () => {
  it("filters, previews the SKILL.md, and prints the chosen name", async () => {
    const term = pick([]);
    await term.waitFor("2 skills");
    term.type("rn");
    let screen = await term.waitFor("1 skill ");
    expect(screen).toContain("release-notes");
    expect(screen).toContain("# Release notes");
    // Control characters from the skill file are shown inert, never sent to the terminal.
    expect(screen).toContain("\\x1b[31mkind");
    term.keys("BSpace", "BSpace");
    screen = await term.waitFor("2 skills");
    term.keys("Down", "Enter");
    screen = await term.waitFor("got=[");
    expect(screen).toContain("got=[release-notes]");
  });

  it("prints the path with --path, and a query given up front", async () => {
    const term = pick(["review", "--path"]);
    await term.waitFor("1 skill ");
    term.keys("Enter");
    const screen = await term.waitFor("got=[");
    expect(screen.replace(/\s+/g, "")).toContain(
      `got=[${temp.join("project/.agents/skills/review-pr/SKILL.md")}]`,
    );
  });

  it("disables and enables the selected skill with Tab, through the state store", async () => {
    const term = pick(["review"]);
    await term.waitFor("1 skill ");
    term.keys("Tab");
    await term.waitFor("Disabled review-pr");
    expect((await cli("list", "--json")).stdout).not.toContain('"review-pr"');
    term.keys("Tab");
    await term.waitFor("Enabled review-pr");
    expect((await cli("list", "--json")).stdout).toContain('"review-pr"');
    term.keys("Escape");
    const screen = await term.waitFor("__EXIT=");
    expect(screen).toContain("got=[]");
  });

  it("shows a readable part of each description at 80 columns", async () => {
    const term = pick([], 80);
    const screen = await term.waitFor("2 skills");
    // At least 18 characters of the description beside the name and its badge (was one at 80 columns).
    expect(screen).toMatch(/release-notes +\[repo\] Draft release notes f/);
    expect(screen).toContain("[repo] Review a PR.");
    for (const line of screen.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    term.keys("Escape");
    await term.waitFor("got=[");
  });

  it("survives a 20-column terminal and Ctrl-C", async () => {
    const term = pick([], 20);
    await term.waitFor("pick>");
    term.type("re");
    await term.waitFor("review");
    term.keys("C-c");
    const screen = await term.waitFor("got=[");
    expect(screen).toContain("got=[]");
  });
});

describe("skillset pick without a terminal", () => {
  it("prints the best match for the query", async () => {
    expect(await cli("pick", "rn")).toMatchObject({ code: 0, stdout: "release-notes\n" });
    expect(await cli("pick", "zzz")).toMatchObject({ code: 1, stdout: "" });
    expect((await cli("pick")).code).toBe(2);
  });

  it("never picks among skills that share a name: lists their paths instead (exit 1)", async () => {
    await temp.writeSkill("project/.agents/skills/amb", { name: "amb", description: "A." });
    await temp.writeSkill("project/.claude/skills/amb", { name: "amb", description: "B." });
    for (const argv of [
      ["pick", "amb", "--path"],
      ["pick", "amb"],
    ]) {
      const result = await cli(...argv);
      expect({ ...result, stderr: result.stderr.replaceAll(temp.path, "<tmp>") }).toEqual({
        code: 1,
        stdout: "",
        stderr:
          "skillset pick: 'amb' is ambiguous; it names 2 skills:\n" +
          "  <tmp>/project/.agents/skills/amb/SKILL.md (repo, agents)\n" +
          "  <tmp>/project/.claude/skills/amb/SKILL.md (repo, claude)\n" +
          "Name one by its path, or rename all but one.\n" +
          "Their folders differ in SKILL.md. To make them one skill, keep one folder and replace the others with links to it (`skillset add <source> --agent …` links unless given `--copy`), or remove all but one.\n",
      });
    }
  });
});
