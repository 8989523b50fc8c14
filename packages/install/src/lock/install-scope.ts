/**
 * @module Where one scope's skills, lock and staging live: the project (`.agents/skills`,
 * `skills-lock.json` at its root, or in the nearest folder on the way there that has a lock) or the user
 * (`~/.agents/skills`, `~/.agents/skills-lock.json`), and where the person's own install bookkeeping for
 * it lives: never in the project, which a clone provides.
 */
import { createHash } from "node:crypto";
import { lstatSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { resolveHome } from "@skillset/core/config";
import { findProjectRoot } from "@skillset/core/roots";

export interface InstallScope {
  kind: "project" | "user";
  /** The project root, or HOME. */
  base: string;
  /** Where skills are installed: `<base>/.agents/skills`. */
  skillsDir: string;
  lockPath: string;
  /**
   * Where staging folders are made (`<base>/.agents`): beside the skills folder, so renames into place are
   * atomic, but outside what discovery walks. Each is a fresh folder this process creates and records in
   * `bookkeepingDir`; anything else found here (a committed `.skillset-staging`) is never read or deleted.
   */
  stagingDir: string;
  /**
   * The person's own folder for this scope's install journal and staging records:
   * `$XDG_STATE_HOME/skillset/installs/<hash of the real base path and kind>` (`~/.local/state/…` without
   * XDG_STATE_HOME). No repository provides it, so a committed journal is never "rolled back".
   */
  bookkeepingDir: string;
  /** The folders this scope's writes stay in (links below them must not lead out): see `checkedWritePath`. */
  writeRoots: string[];
}

/** The project scope for `cwd` (its git root, else cwd), or the user scope with `global`. */
export async function resolveInstallScope(options: {
  cwd: string;
  env: Record<string, string | undefined>;
  global?: boolean;
}): Promise<InstallScope> {
  if (options.global) {
    const home = options.env.HOME ?? options.env.USERPROFILE ?? options.cwd;
    const agents = join(home, ".agents");
    const skillsDir = join(agents, "skills");
    return {
      kind: "user",
      base: home,
      skillsDir,
      lockPath: join(agents, "skills-lock.json"),
      stagingDir: agents,
      bookkeepingDir: bookkeepingDir("user", home, options.env),
      // The person's own folders: `~/.agents/skills` may itself be their link to a dotfiles folder.
      writeRoots: [agents, skillsDir],
    };
  }
  const root = await findProjectRoot(options.cwd, [".git", ".jj", ".hg"]);
  const base = nearestLockFolder(resolve(options.cwd), root) ?? root;
  return {
    kind: "project",
    base,
    skillsDir: join(base, ".agents", "skills"),
    lockPath: join(base, "skills-lock.json"),
    stagingDir: join(base, ".agents"),
    bookkeepingDir: bookkeepingDir("project", base, options.env),
    writeRoots: [base],
  };
}

/**
 * The nearest folder from `cwd` up to the project root that holds a `skills-lock.json`: in a monorepo,
 * a package installed into on its own (vercel's CLI installs where it runs) keeps its own lock and
 * skills, and commands run there use them. Undefined when none does.
 */
function nearestLockFolder(cwd: string, root: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (lstatSync(join(dir, "skills-lock.json"), { throwIfNoEntry: false })?.isFile()) return dir;
    if (dir === root || dirname(dir) === dir || relative(root, dir).startsWith("..")) return undefined;
  }
}

/** `<state home>/skillset/installs/<sha256 of kind and real base, 32 hex>`. */
function bookkeepingDir(kind: string, base: string, env: Record<string, string | undefined>): string {
  let real = base;
  try {
    real = realpathSync.native(base);
  } catch {
    // A base that does not exist yet (a fresh HOME): its path as given.
  }
  const key = createHash("sha256").update(`${kind}\0${real}`).digest("hex").slice(0, 32);
  const xdg = env.XDG_STATE_HOME;
  const stateHome = xdg && isAbsolute(xdg) ? xdg : join(resolveHome({ env }), ".local", "state");
  return join(stateHome, "skillset", "installs", key);
}
