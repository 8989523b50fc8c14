/**
 * @module Argument and variable substitution in a skill body (SPEC §9, seed 002): `$ARGUMENTS`,
 * `$ARGUMENTS[N]`, `$N`, named arguments, `${SKILL_DIR}`, `${SESSION_ID}` and their `CLAUDE_` aliases.
 */
import { quoteArguments, splitArguments } from "./split-arguments.js";

/** What a body is rendered with. */
export interface SubstitutionValues {
  /**
   * The arguments: a string is split shell-style (`"two words" three`); a list is taken as it is (and
   * reads as `$ARGUMENTS` quoted the same way). Default: none.
   */
  args?: string | readonly string[];
  /** Names declared in the skill's `arguments:` frontmatter, in order: `$name` / `${name}` is argument N. */
  names?: readonly string[];
  /** Absolute path of the skill folder, for `${SKILL_DIR}` / `${CLAUDE_SKILL_DIR}`. */
  skillDir: string;
  /** The session id for `${SESSION_ID}` / `${CLAUDE_SESSION_ID}`; without one the placeholder stays as written. */
  sessionId?: string;
}

/** The rendered body, and the arguments as they were understood. */
export interface Substituted {
  text: string;
  /** The arguments after splitting. */
  args: string[];
  /** True when `ARGUMENTS: …` was appended because the body has no argument placeholder. */
  appended: boolean;
}

/**
 * One pass, left to right, so a substituted value is never substituted again:
 * `\$` (escape) · `$ARGUMENTS[N]` · `$ARGUMENTS` · `${SKILL_DIR}`-like variables · `$N` · `${name}` · `$name`.
 */
const PLACEHOLDER =
  /\\\$|\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS(?!\w)|\$\{(?:CLAUDE_)?(SKILL_DIR|SESSION_ID)\}|\$(\d+)|\$\{([A-Za-z_][\w-]*)\}|\$([A-Za-z_]\w*)/g;

/**
 * Renders `body` with `values`. Placeholders for missing arguments (`$3` with two arguments, a named
 * argument not given) become empty text; `\$` is a literal `$`; a `$word` that is not a declared
 * argument name is left alone (`$PATH` in a shell snippet stays `$PATH`). When the body has no
 * argument placeholder and arguments were given, they are appended as `ARGUMENTS: <args>`.
 *
 * @example substituteArguments("Review $0 on $1", { args: `"PR 42" main`, skillDir: "/s" }).text
 * // "Review PR 42 on main"
 */
export function substituteArguments(body: string, values: SubstitutionValues): Substituted {
  // A list reads as its string form would: `["a b", "c"]` is `"a b" c`, not `a b c`.
  const raw = typeof values.args === "string" ? values.args.trim() : quoteArguments(values.args ?? []);
  const args = typeof values.args === "string" ? splitArguments(raw) : [...(values.args ?? [])];
  const named = new Map((values.names ?? []).map((name, index) => [name, index]));
  let usesArguments = false;
  const text = body.replace(
    PLACEHOLDER,
    (match, indexed?: string, variable?: string, positional?: string, braced?: string, bare?: string) => {
      if (match === "\\$") return "$";
      if (variable === "SKILL_DIR") return values.skillDir;
      if (variable === "SESSION_ID") return values.sessionId ?? match;
      const name = braced ?? bare;
      if (name !== undefined && !named.has(name)) return match;
      usesArguments = true;
      if (indexed !== undefined || positional !== undefined) {
        return args[Number(indexed ?? positional)] ?? "";
      }
      if (name !== undefined) return args[named.get(name) as number] ?? "";
      return raw;
    },
  );
  const appended = !usesArguments && raw !== "";
  return { text: appended ? `${text.replace(/\n*$/, "")}\n\nARGUMENTS: ${raw}\n` : text, args, appended };
}
