/**
 * @module Where configuration and state live (SPEC §6): the user's config folder and the project's
 * `.skillset/` folder, each holding `config.json` and `state.json`.
 */
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";

/** The folders and files skillset reads its settings from. All paths are absolute. */
export interface ConfigPaths {
  /** `$XDG_CONFIG_HOME/skillset`, else `<home>/.config/skillset`. */
  userDir: string;
  /** `<projectRoot>/.skillset`. */
  projectDir: string;
  userConfig: string;
  projectConfig: string;
  userState: string;
  projectState: string;
}

/** Options shared by everything that locates settings: no ambient `process.env` or HOME is read. */
export interface ConfigLocation {
  /** Absolute path of the project root (see `findProjectRoot` in roots). */
  projectRoot: string;
  /** The environment to read (`XDG_CONFIG_HOME`, `HOME`, `SKILLSET_*`); pass `process.env` from the edge. */
  env: Record<string, string | undefined>;
  /** Home folder; defaults to `env.HOME`, then `os.homedir()`. */
  home?: string;
}

/** The home folder for `options`: explicit `home`, then `env.HOME` / `env.USERPROFILE`, then the OS. */
export function resolveHome(options: { env: Record<string, string | undefined>; home?: string }): string {
  return options.home ?? nonEmpty(options.env.HOME) ?? nonEmpty(options.env.USERPROFILE) ?? homedir();
}

/**
 * Locates the settings files. `userDir` is `$XDG_CONFIG_HOME/skillset` (default `<home>/.config/skillset`);
 * a relative `XDG_CONFIG_HOME` is ignored, as the XDG specification requires.
 * @example configPaths({ projectRoot: "/repo", env: process.env }).projectState // "/repo/.skillset/state.json"
 */
export function configPaths(options: ConfigLocation): ConfigPaths {
  const xdg = nonEmpty(options.env.XDG_CONFIG_HOME);
  const configHome = xdg !== undefined && isAbsolute(xdg) ? xdg : join(resolveHome(options), ".config");
  const userDir = join(configHome, "skillset");
  const projectDir = join(options.projectRoot, ".skillset");
  return {
    userDir,
    projectDir,
    userConfig: join(userDir, "config.json"),
    projectConfig: join(projectDir, "config.json"),
    userState: join(userDir, "state.json"),
    projectState: join(projectDir, "state.json"),
  };
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}
