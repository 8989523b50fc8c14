/**
 * @module Shell-variable forms that are never skill mentions (SPEC §8): `$PATH`, `$API_KEY` (the
 * environment-variable shape) and the common environment names in any letter case (`$home`, `$Path`).
 * `${VAR}`, `$1`, `$@` and `$$` never reach here: an id must start with a letter and `$` must start a token.
 */

/**
 * Common environment variable names, lowercased. Matched case-insensitively, so a skill cannot be named
 * after one of them and be reached by `$name` (a link or `/name` still reaches it).
 */
export const COMMON_ENVIRONMENT_NAMES: ReadonlySet<string> = new Set([
  "appdata",
  "bash",
  "cdpath",
  "ci",
  "columns",
  "comspec",
  "editor",
  "euid",
  "gopath",
  "goroot",
  "histfile",
  "home",
  "host",
  "hostname",
  "ifs",
  "lang",
  "lc_all",
  "lines",
  "lineno",
  "localappdata",
  "logname",
  "mail",
  "node_env",
  "node_options",
  "oldpwd",
  "pager",
  "path",
  "pathext",
  "ppid",
  "programfiles",
  "ps1",
  "ps2",
  "pwd",
  "pythonpath",
  "random",
  "seconds",
  "shell",
  "shlvl",
  "systemroot",
  "temp",
  "term",
  "tmp",
  "tmpdir",
  "tz",
  "uid",
  "user",
  "username",
  "userprofile",
  "virtual_env",
  "visual",
  "windir",
  "xdg_cache_home",
  "xdg_config_home",
  "xdg_data_home",
  "xdg_runtime_dir",
]);

/** True when `id` has the environment-variable shape: only `A-Z`, `0-9` and `_` (e.g. `PATH`, `API_KEY`). */
export function hasEnvironmentShape(id: string): boolean {
  for (let index = 0; index < id.length; index++) {
    const code = id.charCodeAt(index);
    const upper = code >= 0x41 && code <= 0x5a;
    const digit = code >= 0x30 && code <= 0x39;
    if (!upper && !digit && code !== 0x5f) return false;
  }
  return id.length > 0;
}

/** True when `$id` is a shell variable rather than a skill mention. */
export function isShellVariable(id: string): boolean {
  return hasEnvironmentShape(id) || COMMON_ENVIRONMENT_NAMES.has(id.toLowerCase());
}
