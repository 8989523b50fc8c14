/**
 * @module Test fixtures: build real skill trees in real temp directories (shipped as `@skillset/core/test`
 * so the CLI and adapters reuse them).
 */
import { mkdtempSync, realpathSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

/** A temp directory that removes itself with `cleanup()`. `path` is a real path (no symlinks). */
export interface TempDir {
  path: string;
  /** Writes files given as `{ "relative/path": "content" }`, creating folders as needed. */
  write(files: Record<string, string | Uint8Array>): Promise<void>;
  /** Writes `<relativeDir>/SKILL.md` from frontmatter fields and a body. Returns the SKILL.md path. */
  writeSkill(relativeDir: string, fields: Record<string, unknown>, body?: string): Promise<string>;
  join(...parts: string[]): string;
  cleanup(): Promise<void>;
}

/** Renders frontmatter fields as YAML the simple way: strings are JSON-quoted (valid YAML). */
export function renderSkillFile(fields: Record<string, unknown>, body = "Instructions go here.\n"): string {
  const lines = Object.entries(fields).map(([key, value]) => `${key}: ${JSON.stringify(value)}`);
  return `---\n${lines.join("\n")}\n---\n\n${body}`;
}

/** Creates a temp directory for one test. */
export async function createTempDir(prefix = "skillset-test-"): Promise<TempDir> {
  const path = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const temp: TempDir = {
    path,
    join: (...parts) => join(path, ...parts),
    async write(files) {
      for (const [relative, content] of Object.entries(files)) {
        const target = join(path, relative);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, content);
      }
    },
    async writeSkill(relativeDir, fields, body) {
      const file = join(relativeDir, "SKILL.md");
      await temp.write({ [file]: renderSkillFile(fields, body) });
      return join(path, file);
    },
    // Retried: a background write (a metadata cache saved after a command printed) may add a file while
    // the folder is being removed, which fails once with ENOTEMPTY.
    cleanup: () => rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }),
  };
  return temp;
}

/**
 * An environment that keeps skillset inside `temp`: `HOME` is `<temp>/home` (XDG config and cache below it)
 * and the admin folder is `<temp>/etc`, so the user's own skills, config, state and cache never leak in.
 */
export function isolatedEnv(temp: TempDir): Record<string, string> {
  return {
    HOME: temp.join("home"),
    XDG_CONFIG_HOME: temp.join("home", ".config"),
    XDG_CACHE_HOME: temp.join("home", ".cache"),
    SKILLSET_ADMIN_DIR: temp.join("etc"),
  };
}
