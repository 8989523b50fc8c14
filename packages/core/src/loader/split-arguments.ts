/**
 * @module Splitting an argument string the way a shell would (SPEC §9): spaces separate arguments,
 * single and double quotes group them, a backslash escapes the next character outside single quotes.
 * And the way back: a list of arguments joined into the string that splits into it.
 */

/**
 * The arguments in `text`. Forgiving where a shell is not, because arguments are prose typed by a
 * person or a model: a quote that is never closed is an ordinary character (`fix the user's bug` is
 * four arguments, not an error), and so is a trailing backslash.
 *
 * @example splitArguments(`"release notes" v2 --dry`) // ["release notes", "v2", "--dry"]
 */
export function splitArguments(text: string): string[] {
  const args: string[] = [];
  let current = "";
  let started = false;
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (/\s/.test(character)) {
      if (started) args.push(current);
      current = "";
      started = false;
      index++;
      continue;
    }
    started = true;
    if (character === "\\" && index + 1 < text.length) {
      current += text[index + 1];
      index += 2;
      continue;
    }
    if (character === '"' || character === "'") {
      const close = closingQuote(text, index);
      if (close !== -1) {
        const inner = text.slice(index + 1, close);
        current += character === '"' ? inner.replace(/\\(["\\$`])/g, "$1") : inner;
        index = close + 1;
        continue;
      }
    }
    current += character;
    index++;
  }
  if (started) args.push(current);
  return args;
}

/** Index of the quote that closes the one at `open`, or -1 when it is never closed. */
function closingQuote(text: string, open: number): number {
  const quote = text[open];
  for (let index = open + 1; index < text.length; index++) {
    const character = text[index];
    if (quote === '"' && character === "\\") index++;
    else if (character === quote) return index;
  }
  return -1;
}

/**
 * The one string `splitArguments` splits back into `args`, as a person would type it: a word without
 * spaces, quotes or backslashes as it is, any other in double quotes (`"` and `\` escaped), an empty
 * one as `""`. A list given as arguments reads this way as `$ARGUMENTS`, as its string form does.
 *
 * @example quoteArguments(["release notes", "v2"]) // `"release notes" v2`
 */
export function quoteArguments(args: readonly string[]): string {
  return args.map((arg) => (/^[^\s"'\\]+$/.test(arg) ? arg : `"${arg.replace(/["\\]/g, "\\$&")}"`)).join(" ");
}
