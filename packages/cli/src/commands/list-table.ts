/**
 * @module The table of `skillset list`: one line per skill, fitted to the terminal's width.
 */
import type { Scope } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { painter } from "../color.js";
import { scopeStyle } from "../present-skill.js";
import { displayWidth, fitWidth, padWidth } from "../terminal/text-width.js";

/** The narrowest a description column gets: half the line, at least this; longer names get their own line. */
const MIN_DESCRIPTION = 30;

/** One skill of the table, its text made inert already. */
export interface Row {
  entry: RegistryEntry;
  name: string;
  scope: Scope;
  source: string;
  description: string;
}

/** The table: one line per skill, fitted to `columns` (or not cut at all when `columns` is undefined). */
export function formatTable(rows: readonly Row[], columns: number | undefined, color: boolean): string[] {
  const paint = painter(color);
  const widest = (pick: (row: Row) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => displayWidth(pick(row))));
  const scopeWidth = widest((row) => row.scope, "SCOPE");
  const sourceWidth = widest((row) => row.source, "SOURCE");
  let nameWidth = widest((row) => row.name, "NAME");
  if (columns !== undefined) {
    // A few long names must not squeeze every description: cap the column, and let longer names overflow.
    const room = columns - scopeWidth - sourceWidth - 6 - Math.max(MIN_DESCRIPTION, Math.floor(columns / 2));
    nameWidth = Math.min(nameWidth, Math.max(4, room));
  }
  const descriptionStart = nameWidth + scopeWidth + sourceWidth + 6;
  const descriptionWidth = columns === undefined ? undefined : Math.max(10, columns - descriptionStart);
  const header = `${padWidth("NAME", nameWidth)}  ${padWidth("SCOPE", scopeWidth)}  ${padWidth("SOURCE", sourceWidth)}  DESCRIPTION`;
  const lines = [paint("bold", header)];
  for (const row of rows) {
    const dim = row.entry.status === "shadowed" || row.entry.status === "duplicate" || !row.entry.enabled;
    const style = dim ? "dim" : row.entry.status === "ambiguous" ? "yellow" : "bold";
    const description =
      descriptionWidth === undefined ? row.description : fitWidth(row.description, descriptionWidth);
    const rest = [
      paint(scopeStyle(row.scope), padWidth(row.scope, scopeWidth)),
      padWidth(row.source, sourceWidth),
      description,
    ].join("  ");
    if (displayWidth(row.name) > nameWidth) {
      lines.push(paint(style, row.name), `${" ".repeat(nameWidth)}  ${rest}`.trimEnd());
    } else {
      lines.push(`${paint(style, padWidth(row.name, nameWidth))}  ${rest}`.trimEnd());
    }
  }
  return lines;
}
