import { describe, expect, it } from "vitest";
import { checkCompatibility, checkDescription, checkName } from "./check-spec-fields.js";
import { parseSkillText } from "./parse-skill-text.js";

const path = "/s/pdf/SKILL.md";

describe("the spec's field rules", () => {
  it("report the same codes and messages at either severity", () => {
    const strict = checkName("Pdf", { path, dirName: "pdf" });
    const lenient = checkName("Pdf", { path, dirName: "pdf", severity: "warning" });
    expect(strict.map((d) => [d.severity, d.code])).toEqual([
      ["error", "name-uppercase"],
      ["error", "name-directory-mismatch"],
    ]);
    expect(lenient.map(({ severity, ...rest }) => rest)).toEqual(strict.map(({ severity, ...rest }) => rest));
    expect(lenient.every((d) => d.severity === "warning")).toBe(true);
  });

  it("reject combining marks as skills-ref does (Python's isalnum), after NFKC", () => {
    expect(checkName("कि", { path }).map((d) => d.code)).toEqual(["name-invalid-characters"]);
    // A mark that composes under NFKC leaves a letter: e + U+0301 is é.
    expect(checkName("cafe\u0301", { path })).toEqual([]);
  });

  it("count descriptions and compatibility in code points", () => {
    expect(checkDescription("😀".repeat(1024), { path })).toEqual([]);
    expect(checkDescription("😀".repeat(1025), { path }).map((d) => d.code)).toEqual([
      "description-too-long",
    ]);
    expect(checkCompatibility("x".repeat(500), { path })).toEqual([]);
    expect(checkCompatibility("x".repeat(501), { path }).map((d) => d.code)).toEqual([
      "compatibility-too-long",
    ]);
    expect(checkCompatibility(["a"], { path }).map((d) => d.code)).toEqual(["compatibility-not-string"]);
  });

  it("are what lenient parsing warns about, with the line of the key", () => {
    const text = "---\nname: Pdf\ndescription: Fill forms. Use when asked.\n---\nBody\n";
    const { diagnostics, skill } = parseSkillText(text, { path, mode: "lenient" });
    expect(skill?.name).toBe("Pdf");
    expect(diagnostics.map((d) => [d.severity, d.code, d.line])).toEqual([
      ["warning", "name-uppercase", 2],
      ["warning", "name-directory-mismatch", 2],
    ]);
  });
});
