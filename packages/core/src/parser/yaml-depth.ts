/**
 * @module How deeply a YAML text nests, found in one pass before the parser sees it: 32,000 nested `[`
 * once overflowed the stack inside the YAML package. Frontmatter never needs more than a few levels.
 */

/** Deepest nesting accepted in frontmatter YAML (block indentation, `- ` runs and flow brackets). */
export const MAX_YAML_DEPTH = 64;

/**
 * Whether `text` nests deeper than `max`. Counts flow brackets (`[`, `{`) outside quotes, block levels by
 * indentation, and sequence entries opened on one line (`- - - x`). An over-estimate is harmless here:
 * only absurd depths reach the limit. Linear in the text.
 */
export function nestsDeeperThan(text: string, max: number = MAX_YAML_DEPTH): boolean {
  const indents: number[] = [];
  let flow = 0;
  let quote = "";
  let lineStart = true;
  let indent = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] as string;
    if (char === "\n") {
      lineStart = true;
      indent = 0;
      if (quote === "'" || quote === '"') continue;
      quote = "";
      continue;
    }
    if (lineStart) {
      if (char === " ") {
        indent++;
        continue;
      }
      lineStart = false;
      if (char !== "#" && flow === 0) {
        while (indents.length > 0 && (indents[indents.length - 1] as number) >= indent) indents.pop();
        indents.push(indent);
        // `- - - x`: each dash opens a sequence on the same line.
        let dashes = 0;
        for (let at = index; text[at] === "-" && text[at + 1] === " "; at += 2) {
          dashes++;
          while (text[at + 2] === " ") at++;
        }
        if (indents.length + dashes > max) return true;
      }
    }
    if (quote !== "") {
      if (char === quote) quote = "";
      else if (char === "\\" && quote === '"') index++;
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === "#" && (index === 0 || text[index - 1] === " ")) quote = "#";
    else if (char === "[" || char === "{") {
      flow++;
      if (flow + indents.length > max) return true;
    } else if ((char === "]" || char === "}") && flow > 0) flow--;
  }
  return false;
}
