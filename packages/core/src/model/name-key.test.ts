import { describe, expect, it } from "vitest";
import { nameKey } from "./name-key.js";

describe("nameKey", () => {
  it("is a name's NFKC form: composed, decomposed and compatibility forms share one key", () => {
    expect(nameKey("cafe\u0301")).toBe("caf\u00e9");
    expect(nameKey("caf\u00e9")).toBe("caf\u00e9");
    expect(nameKey("\uff43af\u00e9")).toBe("caf\u00e9"); // a fullwidth c
  });

  it("returns an ASCII name as the very string, without normalising it", () => {
    const name = ["pdf", "editor"].join("-");
    const normalize = String.prototype.normalize;
    let calls = 0;
    String.prototype.normalize = function (this: string, form?: string) {
      calls++;
      return normalize.call(this, form);
    };
    try {
      expect(nameKey(name)).toBe(name);
      expect(nameKey("github:gh-fix-ci")).toBe("github:gh-fix-ci");
    } finally {
      String.prototype.normalize = normalize;
    }
    expect(calls).toBe(0);
  });
});
