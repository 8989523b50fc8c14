/**
 * @module Test fixture: real git repositories built with the real `git` binary — commits, branches, tags
 * — published as bare repositories reachable by `file://` URLs.
 */
import { execFileSync } from "node:child_process";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const identity = [
  "-c",
  "user.name=test",
  "-c",
  "user.email=test@localhost",
  "-c",
  "init.defaultBranch=main",
  "-c",
  "commit.gpgsign=false",
  "-c",
  "tag.gpgsign=false",
];
/** Creates an empty repository at `<dir>/work` with a bare twin at `<dir>/<name>.git`. */
export async function makeGitRepo(dir, name = "repo") {
  const work = join(dir, `${name}-work`);
  const bare = join(dir, `${name}.git`);
  await mkdir(work, { recursive: true });
  const git = (...args) =>
    execFileSync("git", [...identity, ...args], { cwd: work, encoding: "utf8" }).trim();
  git("init", "-q");
  execFileSync("git", ["-c", "init.defaultBranch=main", "init", "-q", "--bare", bare]);
  git("remote", "add", "origin", bare);
  return {
    work,
    bare,
    url: pathToFileURL(bare).href,
    git,
    async commit(files, message = "change") {
      for (const [path, content] of Object.entries(files)) {
        const target = join(work, path);
        await rm(target, { recursive: true, force: true });
        if (content === null) continue;
        await mkdir(dirname(target), { recursive: true });
        if (typeof content === "string") await writeFile(target, content);
        else await symlink(content.symlink, target);
      }
      git("add", "-A");
      git("commit", "-q", "--allow-empty", "-m", message);
      git("push", "-q", "--force", "origin", "HEAD:refs/heads/main");
      return git("rev-parse", "HEAD");
    },
  };
}
//# sourceMappingURL=make-git-repo.js.map
