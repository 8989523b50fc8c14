import { mkdir, readdir, symlink } from "node:fs/promises";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;

beforeEach(async () => {
  temp = await createTempProject("skillset-list-");
});
afterEach(() => temp.cleanup());

const cli = (argv: string[], columns = 80) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    env: isolatedEnv(temp),
    replaceTemp: temp.path,
    columns,
  });

async function writeSkills() {
  await temp.writeSkill("project/.agents/skills/pdf", {
    name: "pdf",
    description:
      "Use when reading, filling or merging PDF files; extracts text and tables from any PDF document.",
  });
  await temp.writeSkill("home/.agents/skills/pdf", { name: "pdf", description: "Use for PDFs (user copy)." });
  await temp.writeSkill("home/.agents/skills/notes", {
    name: "notes",
    description: "Use when taking notes.",
  });
  await temp.writeSkill("project/.agents/skills/review", {
    name: "review",
    description: "Use to review code.",
  });
  await temp.writeSkill("project/.claude/skills/review", {
    name: "review",
    description: "Use to review PRs.",
  });
  await temp.writeSkill("project/.agents/skills/old", { name: "old", description: "Use never." });
  await temp.write({
    "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: ["old"], enabled: [] }),
  });
}

describe("skillset list", () => {
  it("prints the skills in effect as a table cut to the terminal width", async () => {
    await writeSkills();
    const { code, stdout, stderr } = await cli(["list"]);
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toMatchInlineSnapshot(`
      "NAME                SCOPE  SOURCE  DESCRIPTION
      pdf                 repo   agents  Use when reading, filling or merging PDF fil…
      review (ambiguous)  repo   agents  Use to review code.
      review (ambiguous)  repo   claude  Use to review PRs.
      notes               user   agents  Use when taking notes.

      4 skills, 2 ambiguous, 2 hidden (shadowed, copies or disabled; use --all)
      "
    `);
  });

  it("adds shadowed and disabled skills with --all, and filters by scope", async () => {
    await writeSkills();
    const all = await cli(["list", "--all"], 100);
    expect(all.stdout).toMatchInlineSnapshot(`
      "NAME                SCOPE  SOURCE  DESCRIPTION
      old (disabled)      repo   agents  Use never.
      pdf                 repo   agents  Use when reading, filling or merging PDF files; extracts text an…
      review (ambiguous)  repo   agents  Use to review code.
      review (ambiguous)  repo   claude  Use to review PRs.
      notes               user   agents  Use when taking notes.
      pdf (shadowed)      user   agents  Use for PDFs (user copy).

      6 skills, 2 ambiguous
      "
    `);
    const user = await cli(["list", "--all", "--scope", "user"]);
    expect(user.stdout).toMatchInlineSnapshot(`
      "NAME            SCOPE  SOURCE  DESCRIPTION
      notes           user   agents  Use when taking notes.
      pdf (shadowed)  user   agents  Use for PDFs (user copy).

      2 skills
      "
    `);
  });

  it("prints JSON with each skill's state and diagnostics", async () => {
    await writeSkills();
    const { code, stdout } = await cli(["list", "--all", "--json"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output.projectRoot).toBe("<tmp>/project");
    const shadowed = output.skills.find(
      (skill: { path: string }) => skill.path === "<tmp>/home/.agents/skills/pdf/SKILL.md",
    );
    expect(shadowed).toMatchObject({
      name: "pdf",
      qualifiedName: "pdf",
      scope: "user",
      source: { provider: "agents", root: "<tmp>/home/.agents/skills" },
      state: { status: "shadowed", enabled: true, shadowedBy: "<tmp>/project/.agents/skills/pdf/SKILL.md" },
    });
    expect(shadowed.diagnostics.map((found: { code: string }) => found.code)).toEqual(["shadowed"]);
    const disabled = output.skills.find((skill: { name: string }) => skill.name === "old");
    expect(disabled.state).toEqual({ status: "effective", enabled: false });
  });

  it("says where to look when nothing is found, and refuses an unknown scope", async () => {
    const empty = await cli(["list"]);
    expect(empty).toEqual({
      code: 0,
      stdout: "No skills found. Run `skillset doctor` to see where skillset looked.\n",
      stderr: "",
    });
    const bad = await cli(["list", "--scope", "galaxy"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("unknown scope 'galaxy'; use one of repo, user");
  });

  it("writes the metadata cache before the command returns, so the next run reuses it", async () => {
    await writeSkills();
    expect((await cli(["list"])).code).toBe(0);
    const cached = await readdir(temp.join("home", ".cache", "skillset"));
    expect(cached).toEqual([expect.stringMatching(/^metadata-[0-9a-f]+\.json$/)]);
  });

  it("names a skill that could not be loaded, with its file and how show explains it; list --all too", async () => {
    await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
    const note =
      "1 skill failed to load: broken (.agents/skills/broken/SKILL.md) — `skillset show broken` says why; run `skillset doctor` for details.\n";
    const { code, stderr } = await cli(["list"]);
    expect(code).toBe(0);
    expect(stderr).toBe(note);
    const all = await cli(["list", "--all"]);
    expect(all.stderr).toBe(note);
    // And what it points to answers: show prints the failure itself (show.test.ts).
    const show = await cli(["show", "broken"]);
    expect(show.stderr).toContain("Skill 'broken' did not load");
    expect(show.stderr).toContain("missing-description");
  });

  it("says the same on stderr with --json (the document on stdout unchanged), and names links it did not follow", async () => {
    await writeSkills();
    await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
    await temp.writeSkill("elsewhere/linked", { name: "linked", description: "Use when linked." });
    await mkdir(temp.join("project/.agents/skills/linked"));
    await symlink(
      temp.join("elsewhere/linked/SKILL.md"),
      temp.join("project/.agents/skills/linked/SKILL.md"),
    );
    const { code, stdout, stderr } = await cli(["list", "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).skills.map((skill: { name: string }) => skill.name)).not.toContain("linked");
    expect(stderr).toBe(
      "1 skill failed to load: broken (.agents/skills/broken/SKILL.md) — `skillset show broken` says why; run `skillset doctor` for details.\n" +
        "1 link not followed: it leads outside the skills roots and the project; run `skillset doctor` for which, or set discovery.followExternalLinks to true in your config to follow them.\n",
    );
    expect((await cli(["list"])).stderr).toBe(stderr);
  });

  it("does not call a damaged state file a skill that failed to load", async () => {
    await writeSkills();
    await temp.write({ "project/.skillset/state.json": JSON.stringify({ version: 1, disabled: "pdf" }) });
    const { code, stderr } = await cli(["list"]);
    expect(code).toBe(0);
    expect(stderr).toBe("1 problem found; run `skillset doctor` for details.\n");
    await temp.write({ "project/.agents/skills/broken/SKILL.md": "---\nname: broken\n---\n" });
    expect((await cli(["list"])).stderr).toBe(
      "1 skill failed to load: broken (.agents/skills/broken/SKILL.md) — `skillset show broken` says why, 1 other problem found; run `skillset doctor` for details.\n",
    );
  });
});

describe("skillset list widths", () => {
  const cjk = "PDF を読み、表を抽出し、フォームに記入する。使うとき: PDF ファイルを扱うすべての作業で使う";
  const emoji = "🚀🚀🚀 Use when shipping a release: tags, notes, changelog and the announcement 🎉🎉";

  async function writeWideSkills() {
    await temp.writeSkill("project/.agents/skills/pdf-ja", { name: "pdf-ja", description: cjk });
    await temp.writeSkill("project/.agents/skills/ship", { name: "ship", description: emoji });
  }

  it("fits CJK and emoji descriptions by display width, never past the terminal's columns", async () => {
    await writeWideSkills();
    const { stdout } = await cli(["list"], 60);
    const { default: stringWidth } = await import("string-width");
    const rows = stdout.split("\n").filter((line) => line.startsWith("pdf-ja") || line.startsWith("ship"));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(stringWidth(row)).toBeLessThanOrEqual(60);
      expect(stringWidth(row)).toBeGreaterThanOrEqual(55); // cut at the edge, not code points short of it
      expect(row.endsWith("…")).toBe(true);
    }
  });

  it("does not cut piped output (no terminal width), and honours COLUMNS when it is set", async () => {
    await writeWideSkills();
    const piped = await runCliCaptured({ argv: ["list"], cwd: temp.join("project"), env: isolatedEnv(temp) });
    expect(piped.stdout).toContain(cjk);
    expect(piped.stdout).toContain(emoji);
    const narrow = await runCliCaptured({
      argv: ["list"],
      cwd: temp.join("project"),
      env: { ...isolatedEnv(temp), COLUMNS: "50" },
    });
    const { default: stringWidth } = await import("string-width");
    for (const line of narrow.stdout.split("\n")) expect(stringWidth(line)).toBeLessThanOrEqual(50);
  });

  it("one long name does not squeeze every description", async () => {
    const long = `a-${"very-".repeat(11)}long-name`;
    await temp.writeSkill(`project/.agents/skills/${long}`, {
      name: long,
      description: "Use for long names.",
    });
    await temp.writeSkill("project/.agents/skills/pdf", {
      name: "pdf",
      description: "Use when reading, filling or merging PDF files; extracts text and tables from any PDF.",
    });
    const { stdout } = await cli(["list"], 100);
    const pdf = stdout.split("\n").find((line) => line.startsWith("pdf "));
    expect(pdf).toContain("Use when reading, filling or merging PDF files");
    expect(stdout).toContain(`${long}\n`); // the long name has its own line
    expect(stdout).toContain("Use for long names.");
  });
});

describe("skillset list and walk limits", () => {
  it("says when a walk limit hid skills, and how to raise it", async () => {
    for (const name of ["a-skill", "b-skill", "c-skill"]) {
      await temp.writeSkill(`project/.agents/skills/${name}`, { name, description: `Use for ${name}.` });
    }
    await temp.write({
      "project/.skillset/config.json": JSON.stringify({
        discovery: { providers: { system: false }, limits: { maxDirectories: 2 } },
      }),
    });
    const { stderr } = await cli(["list"]);
    expect(stderr).toContain("Not every skill is listed:");
    expect(stderr).toContain("discovery.limits.maxDirectories");
  });
});

describe("skillset list outside a project", () => {
  async function scopesFrom(cwd: string): Promise<string[]> {
    const { code, stdout } = await runCliCaptured({ argv: ["list", "--json"], cwd, env: isolatedEnv(temp) });
    expect(code).toBe(0);
    const { skills } = JSON.parse(stdout) as { skills: { name: string; scope: string }[] };
    return skills.filter((skill) => skill.scope !== "system").map((skill) => `${skill.name} ${skill.scope}`);
  }

  it("lists the skills under HOME as user skills, from HOME itself or a plain folder in it", async () => {
    await temp.writeSkill("home/.agents/skills/notes", {
      name: "notes",
      description: "Use when taking notes.",
    });
    await temp.writeSkill("home/.claude/skills/draft", { name: "draft", description: "Use when drafting." });
    await temp.write({ "home/plain/todo.txt": "" });
    const expected = ["draft user", "notes user"];
    expect(await scopesFrom(temp.join("home"))).toEqual(expected);
    expect(await scopesFrom(temp.join("home/plain"))).toEqual(expected);
    // A dotfiles repository at HOME does not make the person's own folders repo skills either.
    await temp.write({ "home/.git/HEAD": "ref: refs/heads/main\n" });
    expect(await scopesFrom(temp.join("home"))).toEqual(expected);
    expect(await scopesFrom(temp.join("home/plain"))).toEqual(expected);
  });
});

describe("skills an interrupted install moved aside", () => {
  it("are not listed, and list and doctor say why and what restores them", async () => {
    await temp.write({
      "project/.agents/.skillset-previous-4242-0123456789abcdef/gone/SKILL.md":
        "---\nname: gone\ndescription: Use when gone.\n---\nBody.\n",
    });
    const listed = await cli(["list"]);
    expect(listed.stdout).not.toContain("gone");
    expect(listed.stderr).toContain(
      "An interrupted skillset add, update or remove moved skills aside (<tmp>/project/.agents/.skillset-previous-4242-0123456789abcdef); they are not listed until `skillset install`",
    );
    expect((await cli(["doctor"])).stdout).toContain(
      "An interrupted skillset add, update or remove moved skills aside",
    );
  });
});
