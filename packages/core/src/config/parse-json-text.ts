/**
 * @module Parsing JSON with a useful error: `JSON.parse` on Node 20 often reports no position at all
 * ("Unexpected token '}' … is not valid JSON"), so on failure a small scanner finds the line and column.
 */

/** Where and why a JSON text failed to parse. `line` and `column` are 1-based. */
export interface JsonSyntaxError {
  line: number;
  column: number;
  /** What was wrong, e.g. `trailing comma before '}'`, `unexpected end of file`. */
  reason: string;
}

/** The result of `parseJsonText`. */
export type JsonParseResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

/**
 * Parses strict JSON (no comments, no trailing commas). A leading UTF-8 BOM is allowed.
 * @example parseJsonText('{"a": }') // { ok: false, error: { line: 1, column: 7, reason: "expected a value but found '}'" } }
 */
export function parseJsonText(text: string): JsonParseResult {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    return { ok: false, error: findJsonSyntaxError(source) ?? endOfText(source, String(error)) };
  }
}

/** The first syntax error in `text` with its line and column, or `undefined` when the text is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  const found = locateJsonError(text);
  return found && { ...lineAndColumn(text, found.offset), reason: found.reason };
}

function endOfText(text: string, reason: string): JsonSyntaxError {
  return { ...lineAndColumn(text, text.length), reason };
}

interface Located {
  offset: number;
  reason: string;
}

/** Scans `text` as JSON and returns the first error, or undefined when the scanner finds none. */
function locateJsonError(text: string): Located | undefined {
  let at = 0;
  const fail = (reason: string, offset = at): never => {
    throw { offset, reason } satisfies Located;
  };
  const describe = (offset: number): string =>
    offset >= text.length ? "the end of the file" : `'${text[offset]}'`;
  const skipSpace = (): void => {
    while (at < text.length && " \t\n\r".includes(text[at] as string)) at++;
  };
  const expect = (char: string, context: string): void => {
    skipSpace();
    if (text[at] !== char) fail(`expected '${char}' ${context} but found ${describe(at)}`);
    at++;
  };
  const scanString = (): void => {
    const opening = at;
    at++;
    while (at < text.length) {
      const char = text[at] as string;
      if (char === '"') {
        at++;
        return;
      }
      if (char === "\\") {
        const escaped = text[at + 1];
        if (escaped === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(at + 2, at + 6))) fail("invalid \\u escape in a string");
          at += 6;
        } else if (escaped !== undefined && '"\\/bfnrt'.includes(escaped)) at += 2;
        else fail(`invalid escape '\\${escaped ?? ""}' in a string`);
      } else if (char < " ") fail("unescaped control character (e.g. a line break) in a string");
      else at++;
    }
    fail("unterminated string", opening);
  };
  const value = (): void => {
    skipSpace();
    const char = text[at];
    if (char === "{" || char === "[") {
      container(char === "{" ? "}" : "]", char === "{");
      return;
    }
    if (char === '"') {
      scanString();
      return;
    }
    literalPattern.lastIndex = at;
    const literal = literalPattern.exec(text);
    if (literal) {
      at += literal[0].length;
      return;
    }
    if (char === "/") fail("comments are not allowed in JSON");
    if (char === "'") fail("strings must use double quotes");
    fail(`expected a value but found ${describe(at)}`);
  };
  const container = (close: "}" | "]", isObject: boolean): void => {
    at++;
    skipSpace();
    if (text[at] === close) {
      at++;
      return;
    }
    for (;;) {
      if (isObject) {
        skipSpace();
        if (text[at] !== '"') fail(`expected a double-quoted key but found ${describe(at)}`);
        scanString();
        expect(":", "after a key");
      }
      value();
      skipSpace();
      if (text[at] === ",") {
        const comma = at;
        at++;
        skipSpace();
        if (text[at] === close) fail(`trailing comma before '${close}'`, comma);
        continue;
      }
      if (text[at] === close) {
        at++;
        return;
      }
      if (text[at] === "/") fail("comments are not allowed in JSON");
      fail(`expected ',' or '${close}' but found ${describe(at)}`);
    }
  };
  try {
    value();
    skipSpace();
    if (at < text.length) fail(`unexpected ${describe(at)} after the end of the JSON value`);
    return undefined;
  } catch (error) {
    // Anything else (e.g. a stack overflow on absurd nesting) leaves the position unknown.
    return typeof error === "object" && error !== null && "offset" in error ? (error as Located) : undefined;
  }
}

const literalPattern = /true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
