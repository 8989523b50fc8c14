import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import type { TempDir } from "@skillset/core/test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { skillText } from "../../../install/src/testing/make-archive.js";
import { serveHttp } from "../../../install/src/testing/serve-http.js";
import { vercelComputedHash, vercelCopy } from "../../../install/src/testing/vercel-install.js";
import { createTempProject, isolatedEnv, runCliCaptured } from "../testing/index.js";

let temp: TempDir;
beforeEach(async () => {
  temp = await createTempProject("skillset-install-cli-");
  await temp.write({
    "tmp/.keep": "",
    "src/alpha/SKILL.md": skillText("alpha"),
    "src/beta/SKILL.md": skillText("beta"),
    "risky/tool/SKILL.md": skillText("tool", "allowed-tools: Bash(*)\n"),
    "risky/tool/scripts/run.sh": "#!/bin/sh\necho \u001b[31mred\n",
  });
});
afterEach(() => temp.cleanup());

const cli = (...argv: string[]) =>
  runCliCaptured({
    argv,
    cwd: temp.join("project"),
    // Test servers listen on 127.0.0.1, which only the person may allow.
    env: { ...isolatedEnv(temp), TMPDIR: temp.join("tmp"), SKILLSET_ALLOW_PRIVATE_NETWORK: "1" },
    replaceTemp: temp.path,
  });

describe("add, check, update, install, remove", () => {
  it("runs the whole cycle with exit codes 0 / 1", async () => {
    const added = await cli("add", "../src", "--all");
    expect(added.code).toBe(0);
    expect(added.stdout).toContain("Installed alpha → .agents/skills/alpha");
    expect(added.stdout).toContain("Recorded in skills-lock.json.");
    expect((await cli("check")).stdout).toBe("alpha  current\nbeta  current\n");

    await temp.write({ "src/alpha/references/new.md": "new\n" });
    const drift = await cli("check", "--json");
    expect(drift.code).toBe(1);
    expect(JSON.parse(drift.stdout).skills[0]).toMatchObject({ name: "alpha", upstream: "changed" });

    const refused = await cli("update");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("Approval needed: re-run with --yes.");
    const updated = await cli("update", "--yes");
    expect(updated.stdout).toContain("alpha  updated");
    expect(readFileSync(temp.join("project/.agents/skills/alpha/references/new.md"), "utf8")).toBe("new\n");

    expect((await cli("install")).stdout).toBe("alpha  unchanged\nbeta  unchanged\n");
    // vercel's `-y`, as scripts written for its CLI pass it: accepted, nothing to approve.
    expect(await cli("install", "--yes")).toMatchObject({
      code: 0,
      stdout: "alpha  unchanged\nbeta  unchanged\n",
    });
    expect((await cli("install", "-y")).code).toBe(0);
    const removed = await cli("remove", "beta");
    expect(removed.stdout).toBe("Removed beta\nUpdated skills-lock.json.\n");
    expect((await cli("remove", "beta")).code).toBe(1);
  });

  it("shows the risk summary inert and asks for --yes off a terminal", async () => {
    const result = await cli("add", "../risky");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("allowed-tools  Bash(*)");
    expect(result.stdout).toContain("scripts  scripts/run.sh");
    expect(result.stderr).toContain("Not approved; nothing was installed.");
    expect((await cli("add", "../risky", "--yes")).code).toBe(0);
  });

  it("a skill that fails validation is named by its file in the source, once, not by the staged copy", async () => {
    await temp.write({
      "broken/yamlerr/SKILL.md": "---\nname: yamlerr\ndescription: [unclosed\n---\nx\n",
      "broken/nodesc/SKILL.md": "---\nname: nodesc\n---\nx\n",
    });
    const result = await cli("add", "../broken", "--all");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("nothing was installed. Paths are in ../broken.");
    expect(result.stderr).toContain("yamlerr (yamlerr): yamlerr/SKILL.md:3:");
    expect(result.stderr).not.toContain(".skillset-staged-");
    // Strict validation and lint both find the missing description: said once.
    expect(result.stderr.split("\n").filter((line) => line.startsWith("  nodesc"))).toHaveLength(1);
  });

  it("two skills of one name in a source: one is picked by its folder", async () => {
    await temp.write({
      "twins/a/tidy/SKILL.md": skillText("tidy", "license: a\n"),
      "twins/b/tidy/SKILL.md": skillText("tidy", "license: b\n"),
    });
    const byName = await cli("add", "../twins", "--skill", "tidy", "--yes");
    expect(byName.code).toBe(1);
    expect(byName.stderr).toContain(
      "has more than one skill named tidy; pick one by its folder: --skill a/tidy or --skill b/tidy.",
    );
    expect((await cli("add", "../twins", "--skill", "nope")).stderr).toContain(
      "It has: tidy (a/tidy), tidy (b/tidy).",
    );
    const byFolder = await cli("add", "../twins", "--skill", "b/tidy", "--yes");
    expect(byFolder.code).toBe(0);
    expect(readFileSync(temp.join("project/.agents/skills/tidy/SKILL.md"), "utf8")).toContain("license: b");
    // The lock records the folder: update finds that skill again, not its namesake.
    await temp.write({ "twins/b/tidy/references/new.md": "new\n" });
    expect((await cli("update", "--yes")).stdout).toMatch(/^tidy {2}updated$/m);
    expect(readFileSync(temp.join("project/.agents/skills/tidy/references/new.md"), "utf8")).toBe("new\n");
  });

  it("a multi-skill source off a terminal asks for --skill or --all", async () => {
    const result = await cli("add", "../src");
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("has 2 skills: pass --skill NAME (repeatable) or --all");
  });

  it("bad input is exit 1 with a clear message", async () => {
    expect((await cli("add", "nowhere at all")).stderr).toContain("Unknown source");
    expect((await cli("add", "./missing")).stderr).toContain("No folder at");
    expect((await cli("add", "../src", "--skill", "gamma")).stderr).toContain("has no skill named gamma");
  });
});

describe("a lock with an entry skillset cannot fetch (vercel's node_modules)", () => {
  it("reports it, goes on with the others, and exits 1", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    const lockFile = temp.join("project/skills-lock.json");
    const lock = JSON.parse(readFileSync(lockFile, "utf8"));
    lock.skills["npm-skill"] = { source: "some-pkg", sourceType: "node_modules", computedHash: "ab" };
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    const installed = await cli("install");
    expect(installed.code).toBe(1);
    expect(installed.stdout).toContain("alpha  unchanged\n");
    expect(installed.stdout).toContain('npm-skill  skipped (Cannot fetch the source "some-pkg" in ');
    const checked = await cli("check");
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("npm-skill  local: missing, upstream: unreachable");
    // Restoring it is not a step skillset can take.
    expect(checked.stdout).not.toContain("skillset install");
  });
});

describe("a lock naming a folder outside the project (vercel's CLI records absolute paths)", () => {
  it("is out of reach until the person adds from it, spelled as the refusal says; then it is the same source", async () => {
    const source = temp.join("src");
    vercelCopy(join(source, "alpha"), temp.join("project/.agents/skills/alpha"));
    writeFileSync(
      temp.join("project/skills-lock.json"),
      JSON.stringify({
        version: 1,
        skills: {
          alpha: { source, sourceType: "local", computedHash: vercelComputedHash(join(source, "alpha")) },
        },
      }),
    );
    const checked = await cli("check");
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("alpha  upstream: unreachable (Refused the source");
    expect(checked.stdout).toContain("run `skillset add <tmp>/src` yourself once in this project");
    const added = await cli("add", source, "--skill", "alpha", "--yes");
    expect(added).toMatchObject({ code: 0 });
    expect((await cli("check")).stdout).toBe("alpha  current\n");
  });
});

describe("a monorepo package with a lock of its own (vercel's CLI installs where it runs)", () => {
  it("commands run in that package use its lock and skills; elsewhere the project root's", async () => {
    const pkg = temp.join("project/packages/a");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "skills-lock.json"), JSON.stringify({ version: 1, skills: {} }));
    const inPackage = (...argv: string[]) =>
      runCliCaptured({
        argv,
        cwd: pkg,
        env: { ...isolatedEnv(temp), TMPDIR: temp.join("tmp") },
        replaceTemp: temp.path,
      });
    expect((await inPackage("add", "../../../src", "--skill", "alpha")).code).toBe(0);
    expect(existsSync(join(pkg, ".agents/skills/alpha/SKILL.md"))).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(pkg, "skills-lock.json"), "utf8")).skills)).toEqual([
      "alpha",
    ]);
    expect((await inPackage("check")).stdout).toBe("alpha  current\n");
    expect(existsSync(temp.join("project/skills-lock.json"))).toBe(false);
    expect((await cli("check")).stdout).toContain("No skills recorded in");
    expect((await inPackage("remove", "alpha")).code).toBe(0);
    expect(existsSync(join(pkg, ".agents/skills/alpha"))).toBe(false);
  });
});

describe("the person's skills recorded by vercel's CLI in its own global lock", () => {
  it("are named, with where they are, when skillset's global lock does not have them", async () => {
    await temp.write({
      "home/.agents/.skill-lock.json": JSON.stringify({
        version: 3,
        skills: { pdf: { source: "acme/skills", sourceType: "github", skillFolderHash: "" } },
      }),
    });
    const checked = await cli("check", "--global");
    expect(checked.stdout).toBe(
      "No skills recorded in <tmp>/home/.agents/skills-lock.json. vercel's CLI records pdf in its own lock of your skills, <tmp>/home/.agents/.skill-lock.json; skillset keeps its own in <tmp>/home/.agents/skills-lock.json. Manage it with vercel's CLI, or add it again with `skillset add … --global` to manage it here.\n\nNext:\n  skillset add <source>    install skills and record them in the lock\n",
    );
    const removed = await cli("remove", "--global", "pdf");
    expect(removed.code).toBe(1);
    expect(removed.stderr).toContain("Nothing was removed. vercel's CLI records pdf in its own lock");
    // Not for a name vercel's lock does not have either, nor for the project.
    expect((await cli("remove", "--global", "other")).stderr).not.toContain("vercel's CLI records");
    expect((await cli("check")).stdout).not.toContain("vercel's CLI records");
  });
});

describe("a damaged record of the folders the person added from", () => {
  it("is named with the fix, never read as empty (which refused every such folder) nor written over", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    const installs = temp.join("home/.local/state/skillset/installs");
    const [key] = readdirSync(installs);
    const record = join(installs, key!, "local-sources.json");
    writeFileSync(record, '["/some');
    for (const argv of [["check"], ["update"], ["add", "../src", "--skill", "beta"]]) {
      const run = await cli(...argv);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(
        "local-sources.json, the folders outside the project you added skills from, cannot be used (it is not valid JSON)",
      );
      expect(run.stdout).not.toContain("skillset remove");
    }
    expect(readFileSync(record, "utf8")).toBe('["/some');
  });
});

describe("names and flags from outside are handled safely", () => {
  /** Any raw control or bidi character: nothing from a source or lock may reach the terminal as one. */
  const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

  it("names from a source or a lock are printed inert", async () => {
    await temp.write({
      "he/x/SKILL.md":
        '---\nname: "x\\e]0;PWNED\\a"\ndescription: Helps with x. Use when asked about x.\n---\nSteps.\n',
      "bidi/b/SKILL.md": skillText("b\u202eevil"),
    });
    const missing = await cli("add", "../he", "--skill", "nope");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("It has: x\\x1b]0;PWNED\\x07.");
    const invalid = await cli("add", "../bidi", "--all", "--yes");
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain("b\\u202eevil (b): ");
    for (const output of [missing, invalid]) expect(output.stdout + output.stderr).not.toMatch(RAW);

    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    const lockPath = temp.join("project/skills-lock.json");
    const lock = JSON.parse(readFileSync(lockPath, "utf8"));
    lock.skills["a\u202eb"] = lock.skills.alpha;
    writeFileSync(lockPath, JSON.stringify(lock));
    const checked = await cli("check");
    expect(checked.stdout).toContain("a\\u202eb  local: missing");
    const removed = await cli("remove", "a\u202eb");
    expect(removed.stdout).toContain("Removed a\\u202eb\n");
    for (const output of [checked, removed]) expect(output.stdout + output.stderr).not.toMatch(RAW);
  });

  it("check of a name not in the lock exits 1, as update and install do", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    for (const command of ["check", "update", "install"]) {
      const result = await cli(command, "nope");
      expect(result.code).toBe(1);
      expect(result.stderr).toContain("Not in <tmp>/project/skills-lock.json: nope");
    }
  });

  it("add again over an edited copy is refused without --force; a gone local source is reported", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    writeFileSync(temp.join("project/.agents/skills/alpha/notes.md"), "mine\n");
    const again = await cli("add", "../src", "--skill", "alpha", "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("Pass --force to overwrite the edits");
    expect(readFileSync(temp.join("project/.agents/skills/alpha/notes.md"), "utf8")).toBe("mine\n");

    rmSync(temp.join("project/.agents/skills/alpha/notes.md"));
    rmSync(temp.join("src"), { recursive: true });
    const checked = await cli("check");
    expect(checked).toMatchObject({ code: 1, stderr: "" });
    expect(checked.stdout).toContain("alpha  upstream: gone (No folder at <tmp>/src");
    const updated = await cli("update");
    expect(updated).toMatchObject({ code: 1, stderr: "" });
    expect(updated.stdout).toContain("alpha  skipped (No folder at <tmp>/src");
  });

  it.each([
    ["--max-files", "abc", "files"],
    ["--max-files", "", "files"],
    ["--max-files", "0", "files"],
    ["--max-files", "2.5", "files"],
    ["--max-files", "-3", "files"],
    ["--max-file-bytes", "abc", "bytes"],
    ["--max-total-bytes", "1e3", "bytes"],
    ["--timeout", "soon", "seconds"],
  ])("%s %j is a usage error", async (flag, value, unit) => {
    for (const argv of [
      ["add", "../src", "--all"],
      ["check"],
      ["update"],
      ["install"],
      ["registry", "build", "../src", "--out", "../site"],
    ]) {
      const result = await cli(...argv, `${flag}=${value}`);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${flag} takes a positive whole number of ${unit}, not '${value}'`);
    }
    expect(existsSync(temp.join("project/skills-lock.json"))).toBe(false);
  });
});

describe("registry build", () => {
  it("writes a static index that add installs from", async () => {
    const built = await cli("registry", "build", "../src", "--out", "../site");
    expect(built).toMatchObject({
      code: 0,
      stdout: "Wrote <tmp>/site/.well-known/skills/index.json with 2 skills.\n",
    });
    const server = await serveHttp(temp.join("site"));
    try {
      const added = await cli("add", server.url, "--skill", "beta");
      expect(added.code).toBe(0);
      expect(added.stdout).toContain("Installed beta");
    } finally {
      await server.close();
    }
  });

  it("usage errors exit 2", async () => {
    expect((await cli("registry", "build", "../src")).code).toBe(2);
    expect((await cli("registry", "publish", "../src", "--out", "x")).code).toBe(2);
  });
});

describe("add is all or nothing", () => {
  /** Every file under the project with its bytes, to compare before and after. */
  function snapshot(): Record<string, string> {
    const files: Record<string, string> = {};
    const root = temp.join("project");
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const path = join(entry.parentPath, entry.name);
      files[relative(root, path)] = readFileSync(path, "utf8");
    }
    return files;
  }

  it("refuses an agent's folder it did not make before installing anything: the tree and the lock stay as they were", async () => {
    await temp.write({ "project/.claude/skills/alpha/SKILL.md": skillText("alpha", "license: theirs\n") });
    const before = snapshot();
    const refused = await cli("add", "../src", "--skill", "alpha", "--agent", "claude", "--yes");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(".claude/skills/alpha already exists and skillset did not make it");
    expect(refused.stderr).toContain("Nothing was installed.");
    expect(existsSync(temp.join("project/.agents"))).toBe(false);
    expect(existsSync(temp.join("project/skills-lock.json"))).toBe(false);
    expect(snapshot()).toEqual(before);
    // With --force the same add goes through whole: installed, locked and linked.
    const forced = await cli("add", "../src", "--skill", "alpha", "--agent", "claude", "--yes", "--force");
    expect(forced.code).toBe(0);
    expect(existsSync(temp.join("project/.agents/skills/alpha/SKILL.md"))).toBe(true);
    expect(
      JSON.parse(readFileSync(temp.join("project/skills-lock.json"), "utf8")).skills.alpha.agents,
    ).toEqual(["claude"]);
  });

  it("warns before it makes a name ambiguous with a different skill in another agent's folder, not for a copy", async () => {
    await temp.write({ "project/.claude/skills/alpha/SKILL.md": skillText("alpha", "license: theirs\n") });
    const added = await cli("add", "../src", "--skill", "alpha", "--yes");
    expect(added.code).toBe(0);
    expect(added.stdout + added.stderr).toContain(".claude/skills/alpha holds a different skill named alpha");
    expect(added.stdout + added.stderr).toContain("will name two skills and be ambiguous");
    // An identical copy is the same skill (SPEC §5): nothing to warn about.
    await temp.write({ "project/.codex/skills/beta/SKILL.md": skillText("beta") });
    const copy = await cli("add", "../src", "--skill", "beta", "--yes");
    expect(copy.code).toBe(0);
    expect(copy.stdout + copy.stderr).not.toContain("holds a different skill");
  });
});

describe("agents' links and copies", () => {
  const lockOf = () => JSON.parse(readFileSync(temp.join("project/skills-lock.json"), "utf8"));
  const claudeCopy = () => temp.join("project/.claude/skills/alpha");
  const isCopy = () => !lstatSync(claudeCopy()).isSymbolicLink() && lstatSync(claudeCopy()).isDirectory();

  it("update keeps an agent's copy a copy, and refuses to overwrite its edits without --force", async () => {
    expect((await cli("add", "../src", "--skill", "alpha", "--agent", "claude", "--copy")).code).toBe(0);
    expect(isCopy()).toBe(true);
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    const updated = await cli("update", "--yes");
    expect(updated.stdout).toContain("alpha  updated");
    expect(isCopy()).toBe(true);
    expect(readFileSync(join(claudeCopy(), "references/new.md"), "utf8")).toBe("new\n");

    writeFileSync(join(claudeCopy(), "SKILL.md"), `${skillText("alpha")}\nMy own note.\n`);
    expect((await cli("check")).stdout).toContain("alpha  local: edited\n");
    await temp.write({ "src/alpha/references/newer.md": "newer\n" });
    const refused = await cli("update", "--yes");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      "alpha  skipped (its copy at <tmp>/project/.claude/skills/alpha was edited since it was installed; pass --force to overwrite the edits)",
    );
    expect(readFileSync(join(claudeCopy(), "SKILL.md"), "utf8")).toContain("My own note.");
    const again = await cli("add", "../src", "--skill", "alpha", "--yes");
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("was edited since alpha was installed");
    expect(readFileSync(join(claudeCopy(), "SKILL.md"), "utf8")).toContain("My own note.");

    expect((await cli("update", "--yes", "--force")).stdout).toContain("alpha  updated");
    expect(isCopy()).toBe(true);
    expect(readFileSync(join(claudeCopy(), "SKILL.md"), "utf8")).not.toContain("My own note.");
  });

  it("takes vercel's agent names (claude-code) and records skillset's; an unknown one lists both", async () => {
    expect((await cli("add", "../src", "--skill", "alpha", "--agent", "claude-code,claude")).code).toBe(0);
    expect(lockOf().skills.alpha.agents).toEqual(["claude"]);
    expect(lstatSync(claudeCopy()).isSymbolicLink()).toBe(true);
    const unknown = await cli("add", "../src", "--skill", "beta", "--agent", "claud");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("vercel's names claude-code, gemini-cli, github-copilot work too");
  });

  it("adding again without --agent keeps the agents, so remove takes their links away", async () => {
    expect((await cli("add", "../src", "--skill", "alpha", "--agent", "claude")).code).toBe(0);
    expect((await cli("add", "../src", "--skill", "alpha", "--agent", "codex")).code).toBe(0);
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    expect(lockOf().skills.alpha.agents).toEqual(["claude", "codex"]);
    expect((await cli("remove", "alpha")).code).toBe(0);
    for (const dir of [".claude", ".codex"])
      expect(lstatSync(temp.join("project", dir, "skills/alpha"), { throwIfNoEntry: false })).toBeUndefined();
  });

  it("update takes along identical copies the lock does not record (vercel's add --copy), and remove removes them", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    cpSync(temp.join("project/.agents/skills/alpha"), claudeCopy(), { recursive: true });
    await temp.write({ "project/.codex/skills/alpha/SKILL.md": skillText("alpha", "license: mine\n") });
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    expect((await cli("update", "--yes")).stdout).toContain(
      "alpha  updated (left <tmp>/project/.codex/skills/alpha as it is: it holds a different skill named alpha (edited, or another skill), so 'alpha' names more than one skill until it goes)\n",
    );
    expect(isCopy()).toBe(true);
    expect(readFileSync(join(claudeCopy(), "references/new.md"), "utf8")).toBe("new\n");
    // A different skill of the same name is not a copy: left as it is.
    expect(readFileSync(temp.join("project/.codex/skills/alpha/SKILL.md"), "utf8")).toContain(
      "license: mine",
    );
    expect((await cli("remove", "alpha")).code).toBe(0);
    expect(existsSync(claudeCopy())).toBe(false);
    expect(existsSync(temp.join("project/.codex/skills/alpha/SKILL.md"))).toBe(true);
  });

  it("remove takes away agents' links to the install the lock does not record (vercel's layout), not other links", async () => {
    expect((await cli("add", "../src", "--all")).code).toBe(0);
    mkdirSync(temp.join("project/.claude/skills"), { recursive: true });
    symlinkSync("../../.agents/skills/alpha", claudeCopy());
    mkdirSync(temp.join("project/.codex/skills"), { recursive: true });
    symlinkSync("../../.agents/skills/beta", temp.join("project/.codex/skills/alpha"));
    expect((await cli("remove", "alpha")).code).toBe(0);
    expect(lstatSync(claudeCopy(), { throwIfNoEntry: false })).toBeUndefined();
    expect(lstatSync(temp.join("project/.codex/skills/alpha")).isSymbolicLink()).toBe(true);
  });

  it("update keeps an agent's link to the install the lock does not record a link (vercel's layout)", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    mkdirSync(temp.join("project/.claude/skills"), { recursive: true });
    symlinkSync("../../.agents/skills/alpha", claudeCopy());
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    expect((await cli("update", "--yes")).stdout).toContain("alpha  updated");
    expect(lstatSync(claudeCopy()).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(claudeCopy(), "references/new.md"), "utf8")).toBe("new\n");
  });

  it("leaves an identical copy behind a committed link out of the project alone, and still removes", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    cpSync(temp.join("project/.agents/skills/alpha"), temp.join("outside/alpha"), { recursive: true });
    mkdirSync(temp.join("project/.codex"), { recursive: true });
    symlinkSync(temp.join("outside"), temp.join("project/.codex/skills"));
    const removed = await cli("remove", "alpha");
    expect(removed.code).toBe(0);
    expect(existsSync(temp.join("outside/alpha/SKILL.md"))).toBe(true);
  });

  it("after update, the installed skill and its unrecorded copy are still one skill, not ambiguous", async () => {
    expect((await cli("add", "../src", "--skill", "alpha")).code).toBe(0);
    cpSync(temp.join("project/.agents/skills/alpha"), claudeCopy(), { recursive: true });
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    expect((await cli("update", "--yes")).code).toBe(0);
    const listed = await cli("list");
    expect(listed.stdout).toMatch(/^alpha /m);
    expect(listed.stdout).not.toContain("ambiguous");
  });

  it("an agent's folder that is a link to .agents/skills is the install itself: add, update, install and remove never delete through it", async () => {
    mkdirSync(temp.join("project/.agents/skills"), { recursive: true });
    mkdirSync(temp.join("project/.claude"), { recursive: true });
    symlinkSync("../.agents/skills", temp.join("project/.claude/skills"));
    const added = await cli("add", "../src", "--skill", "alpha", "--agent", "claude");
    expect(added).toMatchObject({ code: 0 });
    expect(added.stdout + added.stderr).not.toMatch(/already exists|different skill/);
    expect(lstatSync(temp.join("project/.agents/skills/alpha")).isDirectory()).toBe(true);
    expect((await cli("check")).stdout).toBe("alpha  current\n");
    await temp.write({ "src/alpha/references/new.md": "new\n" });
    expect((await cli("update", "--yes")).stdout).toContain("alpha  updated");
    expect(readFileSync(temp.join("project/.agents/skills/alpha/references/new.md"), "utf8")).toBe("new\n");
    expect(await cli("install")).toMatchObject({ code: 0, stdout: "alpha  unchanged\n" });
    expect(
      (await cli("add", "../src", "--skill", "alpha", "--agent", "claude", "--force", "--yes")).code,
    ).toBe(0);
    expect(readFileSync(temp.join("project/.agents/skills/alpha/SKILL.md"), "utf8")).toBe(skillText("alpha"));
    expect((await cli("remove", "alpha")).code).toBe(0);
    expect(existsSync(temp.join("project/.agents/skills/alpha"))).toBe(false);
    expect(lstatSync(temp.join("project/.claude/skills")).isSymbolicLink()).toBe(true);
  });

  it("check reports a deleted agent link as missing, and install puts it back", async () => {
    expect((await cli("add", "../src", "--skill", "alpha", "--agent", "claude")).code).toBe(0);
    rmSync(claudeCopy());
    const checked = await cli("check");
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain("alpha  local: missing\n");
    expect((await cli("install")).stdout).toBe("alpha  installed (put back for claude)\n");
    expect(readFileSync(join(claudeCopy(), "SKILL.md"), "utf8")).toBe(skillText("alpha"));
    expect((await cli("check")).stdout).toBe("alpha  current\n");
  });
});
