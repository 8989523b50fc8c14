import { describe, expect, it } from "vitest";
import { closestName } from "./closest-name.js";

describe("closestName", () => {
  const keys = ["providers", "disabledSources", "scopeOrder", "limits", "include", "ignore"];

  it.each([
    ["provders", "providers"],
    ["Providers", "providers"],
    ["scopeorder", "scopeOrder"],
    ["limtis", "limits"],
    ["disabledSource", "disabledSources"],
  ])("suggests %s → %s", (input, expected) => {
    expect(closestName(input, keys)).toBe(expected);
  });

  it("suggests nothing when no name is close", () => {
    expect(closestName("colour", keys)).toBeUndefined();
    expect(closestName("x", [])).toBeUndefined();
  });
});
