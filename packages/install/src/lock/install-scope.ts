/**
 * @module Where one scope's skills, lock and staging area live: the project (`.agents/skills`,
 * `skills-lock.json` at its root) or the user (`~/.agents/skills`, `~/.agents/skills-lock.json`).
 */
import { join } from "node:path";
import { findProjectRoot } from "@skillset/core/roots";

export interface InstallScope {
  kind: "project" | "user";
  /** The project root, or HOME. */
  base: string;
  /** Where skills are installed: `<base>/.agents/skills`. */
  skillsDir: string;
  lockPath: string;
  /** Beside the skills folder (same file system, so renames are atomic) but outside what discovery walks. */
  stagingDir: string;
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
    return {
      kind: "user",
      base: home,
      skillsDir: join(agents, "skills"),
      lockPath: join(agents, "skills-lock.json"),
      stagingDir: join(agents, ".skillset-staging"),
    };
  }
  const base = await findProjectRoot(options.cwd, [".git", ".jj", ".hg"]);
  return {
    kind: "project",
    base,
    skillsDir: join(base, ".agents", "skills"),
    lockPath: join(base, "skills-lock.json"),
    stagingDir: join(base, ".agents", ".skillset-staging"),
  };
}
