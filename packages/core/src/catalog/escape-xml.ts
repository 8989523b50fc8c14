/**
 * @module XML escaping for catalog values, identical to the reference `skills-ref` (Python's
 * `html.escape`): `&`, `<`, `>`, `"` and `'` become entities.
 */
import { stripControls } from "../model/inert-text.js";

const entities: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/**
 * Escapes `& < > " '` so that a value can sit inside an element or an attribute, and removes control and
 * bidi characters (line breaks and tabs kept): no XML value reaches the model with them (SPEC §15).
 */
export function escapeXml(text: string): string {
  return stripControls(text, { keepLines: true }).replace(/[&<>"']/g, (char) => entities[char] ?? char);
}
