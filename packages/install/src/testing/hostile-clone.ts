/**
 * @module Test fixture for attacks through a cloned repository (SPEC §15): a temp HOME with planted
 * secrets (`~/.bashrc`, `~/.ssh/authorized_keys`, `~/.aws/credentials`, a private skill), a parent folder
 * holding a sibling project and the clone, a real git repository that commits whatever the attacker
 * wants (links included), cloned with the real `git`, and a fingerprint of every file to prove that
 * nothing outside the clone changed.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import { join, relative } from "node:path";
import { createTempDir, type TempDir } from "@skillset/core/test";
import { addSkills } from "../operations/add-skills.js";
import { skillText } from "./make-archive.js";
import { type GitFixture, makeGitRepo } from "./make-git-repo.js";
import { testIo } from "./test-io.js";

/** What a repository commits: text, or `{ symlink }` for a committed link. */
export type CommittedFiles = Record<string, string | { symlink: string }>;

export interface HostileClone {
  temp: TempDir;
  home: string;
  /** The folder that holds the clone and the person's other project (`victim-sibling`). */
  parent: string;
  clone: string;
  /** The person's environment: the temp HOME, its own TMPDIR and state folder. */
  env: Record<string, string>;
  /** Every entry of HOME and of the parent folder outside the clone: type, mode, bytes or link target. */
  outside(): string[];
  cleanup(): Promise<void>;
}

/** The person's files an attacker wants. */
export const PLANTED = {
  "home/.bashrc": "# my shell settings\n",
  "home/.ssh/authorized_keys": "ssh-ed25519 AAAAmine me@laptop\n",
  "home/.aws/credentials": "[default]\naws_secret_access_key=PLANTED-SECRET-42\n",
  "home/.claude/skills/private/SKILL.md": skillText("private", "license: mine\n"),
  "parent/victim-sibling/data.md": "the person's other project\n",
  "parent/victim-sibling/skills/alpha/SKILL.md": skillText("alpha", "license: victim\n"),
};

/**
 * Builds the world, then a repository committing `vendor/alpha` and `vendor/beta` (two skills), with
 * `installed` also `alpha` installed by the real CLI and its `skills-lock.json`, then `files` on top
 * (`null` deletes), and clones it into `parent/clone`.
 */
export async function hostileClone(
  files: (world: { home: string; parent: string; clone: string; temp: TempDir }) => CommittedFiles,
  options: { installed?: boolean; deleted?: string[] } = {},
): Promise<HostileClone> {
  const temp = await createTempDir("skillset-hostile-clone-");
  await temp.write({ ...PLANTED, "tmp/.keep": "", "state/.keep": "" });
  const home = temp.join("home");
  const parent = temp.join("parent");
  const clone = join(parent, "clone");
  const env = {
    HOME: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    XDG_CACHE_HOME: join(home, ".cache"),
    // skillset's own bookkeeping goes here: outside HOME and the parent, so both can be compared whole.
    XDG_STATE_HOME: temp.join("state"),
    SKILLSET_ADMIN_DIR: temp.join("etc"),
    TMPDIR: temp.join("tmp"),
    SKILLSET_GITHUB_URL: `file://${temp.join("hub")}`,
  };
  const repo: GitFixture = await makeGitRepo(temp.join("attacker"));
  await repo.commit({
    "vendor/alpha/SKILL.md": skillText("alpha"),
    "vendor/beta/SKILL.md": skillText("beta"),
  });
  if (options.installed) {
    await addSkills({
      source: "./vendor/alpha",
      cwd: repo.work,
      env: { ...env, XDG_STATE_HOME: temp.join("attacker-state") },
      io: testIo(),
    });
    await repo.commit({});
  }
  const world = { home, parent, clone, temp };
  if (options.deleted) await repo.commit(Object.fromEntries(options.deleted.map((path) => [path, null])));
  await repo.commit(files(world));
  execFileSync("git", ["clone", "-q", repo.bare, clone]);
  return {
    temp,
    home,
    parent,
    clone,
    env,
    outside: () => [...fingerprint(home), ...fingerprint(parent, clone)],
    cleanup: () => temp.cleanup(),
  };
}

/** Every entry below `dir` (`skip` and below left out), sorted: kind, mode, sha256 of bytes or link. */
export function fingerprint(dir: string, skip?: string): string[] {
  const lines: string[] = [];
  const visit = (path: string): void => {
    if (path === skip) return;
    const info = lstatSync(path);
    const shown = relative(dir, path) || ".";
    const mode = (info.mode & 0o7777).toString(8);
    if (info.isSymbolicLink()) lines.push(`l ${shown} -> ${readlinkSync(path)}`);
    else if (info.isFile())
      lines.push(`f ${shown} ${mode} ${createHash("sha256").update(readFileSync(path)).digest("hex")}`);
    else if (info.isDirectory()) {
      lines.push(`d ${shown} ${mode}`);
      for (const name of readdirSync(path).sort()) visit(join(path, name));
    } else lines.push(`? ${shown}`);
  };
  visit(dir);
  return lines;
}
