/**
 * @module Finds the relative files a markdown text refers to: markdown links and images
 * (`[forms](references/forms.md)`), link definitions (`[forms]: references/forms.md`) and paths written
 * in inline code (`` `scripts/fill.py` ``). Fenced code blocks are skipped.
 */

/** A relative file named in markdown. */
export interface FileReference {
  /** The path as written, without `#anchor` or `?query`, percent-decoded; e.g. `references/forms.md`. */
  target: string;
  /** 1-based line. */
  line: number;
  /** 1-based column of the target. */
  column: number;
  /** `link` for markdown links, images and link definitions; `code` for a path in inline code. */
  kind: "link" | "code";
}

const fenceOpen = /^ {0,3}(`{3,}|~{3,})/;
const codeSpan = /`([^`\n]+)`/g;
const linkDefinition = /^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)>?/;
/** A path with at least one folder and a file extension, e.g. `references/api.md`, `./scripts/run.sh`. */
const codePath = /^(?:\.\/)?[\w@.+-]+(?:\/[\w@.+-]+)*\/[\w@+-][\w@.+-]*\.[A-Za-z0-9]{1,8}$/;
const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const mayHoldReference = /[`~[]/;

/** The relative path in a link target, or undefined for URLs, anchors, absolute paths and templates. */
function relativeTarget(raw: string): string | undefined {
  if (raw === "" || scheme.test(raw) || /^[#/~\\]/.test(raw) || /[{}<>$*]/.test(raw)) return undefined;
  const bare = raw.replace(/[#?].*$/, "");
  if (bare === "") return undefined;
  try {
    return decodeURI(bare);
  } catch {
    return bare;
  }
}

function blankCodeSpans(line: string): string {
  return line.replace(codeSpan, (span) => " ".repeat(span.length));
}

/** The last answer: three lint rules ask about the same SKILL.md body in a row. */
let last: { markdown: string; firstLine: number; found: readonly FileReference[] } | undefined;

/**
 * Lists the relative references in a markdown text, in order. `firstLine` is the line number of the
 * text's first line in its file (the body of SKILL.md starts after the frontmatter).
 */
export function findReferences(markdown: string, firstLine = 1): readonly FileReference[] {
  if (last?.markdown === markdown && last.firstLine === firstLine) return last.found;
  const found = scanReferences(markdown, firstLine);
  last = { markdown, firstLine, found };
  return found;
}

function scanReferences(markdown: string, firstLine: number): readonly FileReference[] {
  const found: FileReference[] = [];
  const lines = markdown.split("\n");
  let fence: string | undefined;
  lines.forEach((text, index) => {
    // Fences, code spans and links all need one of these: most lines of prose have none.
    if (!mayHoldReference.test(text)) return;
    const line = firstLine + index;
    const marker = fenceOpen.exec(text)?.[1];
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && text.trim() === marker) {
        fence = undefined;
      }
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    const prose = blankCodeSpans(text);
    const definition = linkDefinition.exec(prose);
    if (definition?.[1]) {
      const target = relativeTarget(definition[1]);
      if (target) found.push({ target, line, column: prose.indexOf(definition[1]) + 1, kind: "link" });
    }
    for (const match of inlineLinks(prose)) {
      const target = relativeTarget(match.raw);
      if (target) found.push({ target, line, column: match.column, kind: "link" });
    }
    for (const match of text.matchAll(codeSpan)) {
      let offset = match.index + 1;
      for (const word of (match[1] ?? "").split(/(\s+)/)) {
        const token = word.replace(/^[("']+|[)"',;:]+$/g, "");
        if (codePath.test(token) && !token.startsWith("../")) {
          found.push({ target: token, line, column: offset + word.indexOf(token) + 1, kind: "code" });
        }
        offset += word.length;
      }
    }
  });
  return found;
}

/**
 * The inline links and images of one line, `[text](target "title")`, with their targets' 1-based
 * columns: exactly what `/!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)\n]*)?\)/g` matches, found in one
 * pass. That pattern backtracks from every `[` to the end of the line: a line of 40,000 `[` took 9 s, and
 * a 10 MB SKILL.md (which a 65 KB archive holds) hours, with the event loop blocked and Ctrl-C unheard.
 */
function inlineLinks(text: string): Array<{ raw: string; column: number }> {
  const links: Array<{ raw: string; column: number }> = [];
  const isSpace = (at: number) => at < text.length && /\s/.test(text[at]!);
  // Attempts move forward through the line, so the last run of target characters and the last `)` found
  // are remembered (with where their scan began): no stretch of the line is scanned again and again.
  let runStart = -1;
  let runEnd = -1;
  const endOfTarget = (at: number): number => {
    if (at < runStart || at >= runEnd) {
      runStart = at;
      runEnd = at;
      while (runEnd < text.length && !/[)\s>]/.test(text[runEnd]!)) runEnd++;
    }
    return runEnd;
  };
  let parenSearch = -1;
  let paren = -1;
  const parenFrom = (at: number): number => {
    if (parenSearch < 0 || at < parenSearch || (paren >= 0 && at > paren)) {
      parenSearch = at;
      paren = text.indexOf(")", at);
    }
    return paren;
  };
  /** After `](` at `at`: the target and the end of the link (past its `)`), or undefined. */
  const rest = (at: number): { raw: string; end: number } | undefined => {
    while (isSpace(at)) at++;
    let targetStart = text[at] === "<" ? at + 1 : at;
    // `<` is a target character too: when nothing follows it, the pattern takes it as the target.
    if (endOfTarget(targetStart) === targetStart) targetStart = at;
    const targetEnd = endOfTarget(targetStart);
    if (targetEnd === targetStart) return undefined;
    const raw = text.slice(targetStart, targetEnd);
    at = text[targetEnd] === ">" ? targetEnd + 1 : targetEnd;
    if (text[at] === ")") return { raw, end: at + 1 };
    const spaces = at;
    while (isSpace(at)) at++;
    if (at === spaces || !`"'(`.includes(text[at] ?? "\n")) return undefined;
    const close = parenFrom(at + 1);
    return close < 0 ? undefined : { raw, end: close + 1 };
  };
  let from = 0;
  for (;;) {
    const open = text.indexOf("[", from);
    const close = open < 0 ? -1 : text.indexOf("]", open + 1);
    if (close < 0) break;
    // Every `[` before that `]` shares it and what follows: the leftmost one (or a `!` before it) starts.
    const link = text[close + 1] === "(" ? rest(close + 2) : undefined;
    if (!link) {
      from = close + 1;
      continue;
    }
    const start = open > from && text[open - 1] === "!" ? open - 1 : open;
    links.push({ raw: link.raw, column: start + text.slice(start, link.end).indexOf(link.raw) + 1 });
    from = link.end;
  }
  return links;
}
