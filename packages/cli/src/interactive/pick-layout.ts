/**
 * @module The picker's columns at a terminal width: the list (marker, name, scope badge, description)
 * beside the preview when there is room, above it otherwise. The name column is as wide as the longest
 * name shown, within bounds, so the description keeps the rest of the list: at 80 columns a row shows
 * a readable part of the description, not one character of it.
 */

/** From this width the preview sits beside the list. */
const SIDE_BY_SIDE = 72;
/** Names are never cut shorter than this (when the list is wide enough for it) nor given more. */
const MIN_NAME = 12;
const MAX_NAME = 30;

/** Whether the preview sits beside the list at this width. */
export function isSideBySide(columns: number): boolean {
  return columns >= SIDE_BY_SIDE;
}

/** The widths, in columns, of the picker's parts. */
export interface PickLayout {
  /** The preview sits beside the list (else below it). */
  wide: boolean;
  listWidth: number;
  previewWidth: number;
  /** The name column, inside the list (after the marker and its space). */
  nameWidth: number;
  /** What is left of a list row for the badge and the description (0 when nothing fits). */
  detailWidth: number;
}

/**
 * The layout for `columns` and the display widths of the names shown.
 * @example pickLayout(80, [13, 9]) // → { wide: true, listWidth: 48, nameWidth: 13, detailWidth: 31, … }
 */
export function pickLayout(columns: number, nameWidths: readonly number[]): PickLayout {
  const wide = isSideBySide(columns);
  // Below 120 columns the list gets the larger share: the preview is a glance, the list is the choice.
  const listWidth = wide
    ? Math.max(20, Math.floor(columns * (columns < 120 ? 0.6 : 0.45)))
    : Math.max(1, columns - 1);
  const previewWidth = wide ? Math.max(1, columns - listWidth - 3) : Math.max(1, columns - 1);
  const longest = Math.max(1, ...nameWidths);
  // Names take what they need up to two fifths of the list; a short name leaves the rest to descriptions.
  const nameCap = Math.max(
    Math.min(MIN_NAME, listWidth - 3),
    Math.min(MAX_NAME, Math.floor(listWidth * 0.4)),
  );
  const nameWidth = Math.max(1, Math.min(longest, nameCap));
  // Marker and space before the name, one space after it.
  const detailWidth = Math.max(0, listWidth - (nameWidth + 3));
  return { wide, listWidth, previewWidth, nameWidth, detailWidth };
}
