import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasControls, inertForTerminal, stripControls } from "./inert-text.js";

describe("inertForTerminal", () => {
  it("escapes ESC, BEL, C1 and bidi overrides visibly", () => {
    expect(inertForTerminal("a\u001b[8mhidden\u0007\u009b\u202eb")).toBe("a\\x1b[8mhidden\\x07\\x9b\\u202eb");
  });
  it("escapes newlines unless lines are kept", () => {
    expect(inertForTerminal("a\nb\tc")).toBe("a\\x0ab\\x09c");
    expect(inertForTerminal("a\nb\tc\r", { keepLines: true })).toBe("a\nb\tc\\x0d");
  });
  it("leaves ordinary text of any script alone", () => {
    expect(inertForTerminal("技能 навык — ok 🎉")).toBe("技能 навык — ok 🎉");
  });
  it("never lets a raw control byte through", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(hasControls(inertForTerminal(text))).toBe(false);
        expect(hasControls(stripControls(text))).toBe(false);
      }),
    );
  });
});

describe("stripControls", () => {
  it("removes controls, keeping lines when asked", () => {
    expect(stripControls("x\u001b]52;c;AA\u0007y")).toBe("x]52;c;AAy");
    expect(stripControls("a\nb\u0000", { keepLines: true })).toBe("a\nb");
  });
});
