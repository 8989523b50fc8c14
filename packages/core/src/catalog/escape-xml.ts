/**
 * @module XML escaping for catalog values, identical to the reference `skills-ref` (Python's
 * `html.escape`): `&`, `<`, `>`, `"` and `'` become entities.
 */

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** Escapes `& < > " '` so that a value can sit inside an element or an attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
