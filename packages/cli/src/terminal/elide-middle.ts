/**
 * @module Cutting a line to a width by taking out its middle (`scripts/…/post.sh`), for the install
 * screens: both ends of a path or URL stay readable. Counts code points, no width tables: it runs on
 * every progress line, before the review (and its Unicode width rules) is loaded.
 */

/** The review and progress lines never run wider than this. */
export const REVIEW_WIDTH = 80;

/** `text` cut to `width` characters by taking out its middle (`scripts/…/post.sh`): both ends stay readable. */
export function elideMiddle(text: string, width: number): string {
  const characters = [...text];
  if (characters.length <= width) return text;
  if (width <= 1) return "…".slice(0, width);
  const head = Math.ceil((width - 1) / 2);
  const tail = width - 1 - head;
  return `${characters.slice(0, head).join("")}…${tail > 0 ? characters.slice(-tail).join("") : ""}`;
}
