/**
 * @module The words of one simple shell command as the shell reads them (SPEC §11), for deny rules: quotes
 * and backslashes removed, any blank (space, tab) a separator, redirections set apart, brace expansion
 * expanded (`{rm,-rf,x}` is `rm -rf x`), and what cannot be known before it runs marked: a `$…`
 * expansion, a command or process substitution, a glob. A deny rule errs toward denying, so a word we
 * cannot read for sure says so rather than guessing.
 */

/** One word: where it stands in the command, and its text with quotes and backslashes removed. */
export interface ShellWord {
  start: number;
  end: number;
  text: string;
  /**
   * Characters of `text` up to here may change when the command runs (`$x`, `$(…)`, `` `…` ``, `<(…)`,
   * `*`, `?`, `[…]`); 0 when the word is literal. `"$HOME/bin/x"` is 6: its last path segment is literal.
   */
  unreadableEnd: number;
  /** A redirection or its target (`2>/dev/null`, `<<<'text'`, `<<EOF`): not a word of the command. */
  redirect?: boolean;
}

/** Brace expansion giving more words than this is not expanded (the command counts as unreadable). */
const maxBraceWords = 256;
/** Longer words are not brace-expanded (keeps the expansion linear in practice). */
const maxBraceWordLength = 1024;

const redirection = /(?:\d+|\{[A-Za-z_]\w*\})?(?:<<<|<<-|<<|<>|<&|>&|>>|>\||&>>|&>|<|>)(?!\()/y;

/**
 * Splits one simple command into words. Any whitespace separates words outside quotes; `<` and `>` start a
 * redirection, whose target is the next word when the operator stands alone. A word that brace-expands is
 * replaced by its expansion; `undefined` when an expansion is too large to read (more than 256 words).
 * Linear in the command for words without braces.
 * @example shellWordsOf("\\rm\t-rf {a,b} 2>/dev/null").map((word) => word.text) // ["rm", "-rf", "a", "b", "2>/dev/null"]
 */
export function shellWordsOf(command: string): ShellWord[] | undefined {
  const words: ShellWord[] = [];
  let index = 0;
  let targetNext = false;
  while (index < command.length) {
    while (index < command.length && /\s/.test(command[index] as string)) index++;
    if (index >= command.length) break;
    redirection.lastIndex = index;
    const operator = redirection.exec(command);
    const start = index;
    if (operator) index = redirection.lastIndex;
    const read = readWord(command, index);
    const operatorAlone = operator !== null && read.end === index;
    index = read.end;
    const word: ShellWord = { start, end: index, text: read.text, unreadableEnd: read.unreadableEnd };
    if (operator || targetNext) word.redirect = true;
    targetNext = operatorAlone;
    if (read.braces && !word.redirect) {
      const expanded = read.source.length > maxBraceWordLength ? undefined : expandBraces(read.source);
      if (expanded === undefined) return undefined;
      const unreadableEnd = read.unreadableEnd === 0 ? 0 : Number.POSITIVE_INFINITY;
      for (const text of expanded) words.push({ ...word, text: withoutEscapes(text), unreadableEnd });
    } else words.push(word);
  }
  return words;
}

interface ReadWord {
  end: number;
  text: string;
  unreadableEnd: number;
  /** The text with quoted or escaped `\ { } ,` and `.` escaped by a backslash, for brace expansion. */
  source: string;
  /** An unquoted `{` is in the word. */
  braces: boolean;
}

/** A sticky pattern of ordinary characters: `exec(text, at)` gives the run starting at `at`, if any. */
function runOf(pattern: string): { exec(text: string, at: number): string | undefined } {
  const sticky = new RegExp(pattern, "y");
  return {
    exec(text, at) {
      sticky.lastIndex = at;
      return sticky.exec(text)?.[0];
    },
  };
}

/** Outside quotes: anything but blanks, quotes, escapes, expansions, redirections, globs and braces. */
const unquoted = runOf("[^\\s'\"\\\\$`<>*?[\\]{]+");
const singleQuoted = runOf("[^']+");
const doubleQuoted = runOf('[^"\\\\$`]+');

/** Reads one word from `index`: up to unquoted whitespace, `<` or `>` (a redirection follows). */
function readWord(command: string, from: number): ReadWord {
  let text = "";
  let source = "";
  let unreadableEnd = 0;
  let braces = false;
  let bracket = false;
  let quote: "'" | '"' | undefined;
  const literal = (chars: string) => {
    text += chars;
    source += chars.replace(/[\\{},.]/g, "\\$&");
  };
  const unreadable = (raw: string) => {
    text += raw;
    source += raw.replace(/[\\{},.]/g, "\\$&");
    unreadableEnd = text.length;
  };
  let index = from;
  for (; index < command.length; index++) {
    // Runs of ordinary characters are taken whole: a long command costs a few regex steps per word.
    const run = (quote === "'" ? singleQuoted : quote === '"' ? doubleQuoted : unquoted).exec(command, index);
    if (run !== undefined) {
      if (quote === undefined) {
        text += run;
        source += run;
      } else literal(run);
      index += run.length - 1;
      continue;
    }
    const char = command[index] as string;
    const next = command[index + 1] ?? "";
    if (quote === "'") {
      if (char === "'") quote = undefined;
      else literal(char);
    } else if (char === "\\" && next !== "") {
      index++;
      // A backslash and a line break are removed; inside double quotes a backslash escapes only these.
      if (next === "\n" && quote === undefined) continue;
      if (quote === '"' && !'$`"\\\n'.includes(next)) literal("\\");
      literal(next);
    } else if (char === "$" || char === "`" || (quote === undefined && "<>".includes(char) && next === "(")) {
      const end = expansionEnd(command, index);
      unreadable(command.slice(index, end));
      index = end - 1;
    } else if (quote === '"') {
      if (char === '"') quote = undefined;
      else literal(char);
    } else if (char === "'" || char === '"') quote = char;
    else if (/\s/.test(char) || char === "<" || char === ">") break;
    else if (char === "*" || char === "?" || (char === "]" && bracket)) unreadable(char);
    else {
      if (char === "[") bracket = true;
      if (char === "{") braces = true;
      text += char;
      source += char;
    }
  }
  return { end: index, text, unreadableEnd, source, braces };
}

/** Where a `$…`, `` `…` `` or `<(…)` starting at `index` ends: balanced brackets, roughly (quotes inside ignored). */
function expansionEnd(command: string, index: number): number {
  const char = command[index] as string;
  if (char === "`") {
    const close = command.indexOf("`", index + 1);
    return close === -1 ? command.length : close + 1;
  }
  const open = command[index + 1] as string;
  if (char === "$" && !"({[".includes(open)) {
    // `$name`, `$1`, `$@`, `$'…'`, `$"…"`: a name, one special character, or a quoted string.
    if (open === "'" || open === '"') {
      const close = command.indexOf(open, index + 2);
      return close === -1 ? command.length : close + 1;
    }
    const name = /^(?:[A-Za-z_]\w*|[0-9@*#?$!-])/.exec(command.slice(index + 1, index + 65));
    return index + 1 + (name?.[0].length ?? 0);
  }
  const closing = open === "{" ? "}" : open === "[" ? "]" : ")";
  let depth = 0;
  for (let at = index + 1; at < command.length; at++) {
    const here = command[at] as string;
    if (here === "\\") at++;
    else if (here === open) depth++;
    else if (here === closing && --depth === 0) return at + 1;
  }
  return command.length;
}

/** Removes the backslashes `source` uses to keep quoted characters out of brace expansion. */
function withoutEscapes(source: string): string {
  return source.replace(/\\([\s\S])/g, "$1");
}

/**
 * Bash's brace expansion of one word: `a{b,c}d` is `abd acd`, `{1..3}` is `1 2 3`, `{a..c}` is `a b c`;
 * backslash-escaped characters are literal. `undefined` when it gives more than 256 words.
 * @example expandBraces("{rm,-rf,x}") // ["rm", "-rf", "x"]
 */
export function expandBraces(source: string): string[] | undefined {
  const results: string[] = [];
  const pending = [source];
  for (let word = pending.pop(); word !== undefined; word = pending.pop()) {
    const brace = firstBrace(word);
    if (brace === null) return undefined;
    if (!brace) {
      results.push(word);
      if (results.length > maxBraceWords) return undefined;
      continue;
    }
    const before = word.slice(0, brace.open);
    const after = word.slice(brace.close + 1);
    // Pushed in reverse so that words come out in the shell's order.
    for (let at = brace.alternatives.length - 1; at >= 0; at--)
      pending.push(before + brace.alternatives[at] + after);
    if (pending.length + results.length > maxBraceWords) return undefined;
  }
  return results;
}

/**
 * The first `{…}` that expands: a comma at its top level, or a sequence `x..y[..step]`; `null` for a
 * sequence longer than 256 words. Quadratic in the braces of one word, hence the word length bound.
 */
function firstBrace(
  word: string,
): { open: number; close: number; alternatives: string[] } | undefined | null {
  for (let open = word.indexOf("{"); open !== -1; open = word.indexOf("{", open + 1)) {
    if (isEscaped(word, open)) continue;
    let depth = 0;
    const commas: number[] = [];
    for (let at = open; at < word.length; at++) {
      const char = word[at];
      if (char === "\\") at++;
      else if (char === "{") depth++;
      else if (char === "," && depth === 1) commas.push(at);
      else if (char === "}" && --depth === 0) {
        if (commas.length > 0) {
          const cuts = [open, ...commas, at];
          const alternatives = cuts.slice(1).map((cut, i) => word.slice((cuts[i] as number) + 1, cut));
          return { open, close: at, alternatives };
        }
        const sequence = sequenceOf(word.slice(open + 1, at));
        if (sequence === null) return null;
        if (sequence) return { open, close: at, alternatives: sequence };
        break;
      }
    }
  }
  return undefined;
}

function isEscaped(word: string, index: number): boolean {
  let backslashes = 0;
  for (let at = index - 1; at >= 0 && word[at] === "\\"; at--) backslashes++;
  return backslashes % 2 === 1;
}

/** `1..3`, `-2..2..2`, `a..e`: the words of a sequence expression; `null` when too many, `undefined` when none. */
function sequenceOf(body: string): string[] | undefined | null {
  const numbers = /^(-?\d{1,9})\.\.(-?\d{1,9})(?:\.\.(-?\d{1,9}))?$/.exec(body);
  const letters = /^([A-Za-z])\.\.([A-Za-z])(?:\.\.(-?\d{1,9}))?$/.exec(body);
  const match = numbers ?? letters;
  if (!match) return undefined;
  const from = numbers ? Number(match[1]) : (match[1] as string).charCodeAt(0);
  const to = numbers ? Number(match[2]) : (match[2] as string).charCodeAt(0);
  const step = Math.abs(Number(match[3] ?? 1)) || 1;
  if (Math.abs(to - from) / step > maxBraceWords) return null;
  const values: string[] = [];
  for (let value = from; from <= to ? value <= to : value >= to; value += from <= to ? step : -step)
    values.push(numbers ? String(value) : String.fromCharCode(value));
  return values;
}
