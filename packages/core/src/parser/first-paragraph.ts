/**
 * @module The description of a skill without frontmatter: the first prose paragraph of its body (SPEC §3).
 */
import { MAX_DESCRIPTION_LENGTH } from "./parse-limits.js";

/**
 * The first prose paragraph of a Markdown body, whitespace-normalised: headings, fenced code, HTML
 * comments and rules are skipped (a heading is a title, not a description). Falls back to the first
 * heading's text when there is no prose; undefined for an empty body. Capped at 1,024 characters, cut at a
 * word, so the fallback never produces an over-long description.
 */
export function firstParagraph(body: string): string | undefined {
  let heading: string | undefined;
  const paragraph: string[] = [];
  let fence = "";
  let inComment = false;
  let pos = 0;
  while (pos <= body.length) {
    const end = body.indexOf("\n", pos);
    const stop = end === -1 ? body.length : end;
    const line = body.slice(pos, stop).trim();
    pos = stop + 1;
    if (fence !== "") {
      if (line.startsWith(fence)) fence = "";
      continue;
    }
    if (inComment) {
      if (line.includes("-->")) inComment = false;
      continue;
    }
    const opensFence = line.startsWith("```") || line.startsWith("~~~");
    const opensComment = line.startsWith("<!--");
    const isHeading = /^#{1,6}(\s|$)/.test(line);
    const isRule = /^([-*_])(\s*\1){2,}$/.test(line);
    if (line === "" || opensFence || opensComment || isHeading || isRule) {
      if (paragraph.length > 0) break;
      if (opensFence) fence = line.slice(0, 3);
      else if (opensComment && !line.includes("-->")) inComment = true;
      else if (isHeading && heading === undefined) heading = line.replace(/^#+\s*/, "").replace(/\s#+$/, "");
      continue;
    }
    paragraph.push(line);
  }
  const text = (paragraph.length > 0 ? paragraph.join(" ") : (heading ?? "")).replace(/\s+/g, " ").trim();
  if (text === "") return undefined;
  return cap(text);
}

function cap(text: string): string {
  const points = Array.from(text);
  if (points.length <= MAX_DESCRIPTION_LENGTH) return text;
  const cut = points.slice(0, MAX_DESCRIPTION_LENGTH - 1).join("");
  const space = cut.lastIndexOf(" ");
  return `${space > MAX_DESCRIPTION_LENGTH / 2 ? cut.slice(0, space) : cut}…`;
}
