import { describe, expect, it } from "vitest";
import { pickLayout } from "./pick-layout.js";

describe("the picker's layout", () => {
  it("at 80 columns leaves a readable description beside a name, even a long one", () => {
    for (const names of [[13, 9], [30], [64]]) {
      const layout = pickLayout(80, names);
      expect(layout.wide).toBe(true);
      // `[repo] ` and at least 18 characters of description.
      expect(layout.detailWidth, String(names)).toBeGreaterThanOrEqual(7 + 18);
      expect(layout.nameWidth).toBeGreaterThanOrEqual(Math.min(12, names[0]!));
      expect(layout.listWidth + 3 + layout.previewWidth).toBeLessThanOrEqual(80);
    }
    expect(pickLayout(80, [13, 9])).toEqual({
      wide: true,
      listWidth: 48,
      previewWidth: 29,
      nameWidth: 13,
      detailWidth: 32,
    });
  });

  it("gives names what they need, within bounds, at any width", () => {
    expect(pickLayout(200, [8]).nameWidth).toBe(8);
    expect(pickLayout(200, [60]).nameWidth).toBe(30);
    const narrow = pickLayout(40, [20]);
    expect(narrow.wide).toBe(false);
    expect(narrow.nameWidth + 3 + narrow.detailWidth).toBe(narrow.listWidth);
    for (const columns of [1, 5, 20]) {
      const tiny = pickLayout(columns, [20]);
      expect(tiny.nameWidth).toBeGreaterThanOrEqual(1);
      expect(tiny.detailWidth).toBeGreaterThanOrEqual(0);
    }
  });
});
