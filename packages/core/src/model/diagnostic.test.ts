import { describe, expect, it } from "vitest";
import {
  diagnostic,
  diagnosticOf,
  fillTemplate,
  messageTextOf,
  plainDiagnostic,
  prefixedByPath,
} from "./diagnostic.js";

describe("diagnostics with a message template", () => {
  const path = "/s/pdf/SKILL.md";
  const template = "Skill '{0}' at {path} is shadowed by {1}; `{0}` {2}.";
  const args = ["pdf", "/t/pdf/SKILL.md", "{0} stays {path}"];
  const text = "Skill 'pdf' at /s/pdf/SKILL.md is shadowed by /t/pdf/SKILL.md; `pdf` {0} stays {path}.";

  it("read as the same data as a diagnostic with the text (the message, JSON with its key order, a copy)", () => {
    const lazy = diagnosticOf("info", "shadowed", template, args, path, { line: 3, field: "name" });
    const eager = diagnostic("info", "shadowed", text, path, { line: 3, field: "name" });
    expect(lazy.message).toBe(text);
    expect(JSON.stringify(lazy)).toBe(JSON.stringify(eager));
    expect(JSON.stringify([lazy], null, 2)).toBe(JSON.stringify([eager], null, 2));
    expect(plainDiagnostic(lazy)).toStrictEqual(eager);
    // The template stays out of what the object shows.
    expect(Object.keys(lazy)).toEqual(["severity", "code", "path", "line", "field"]);
  });

  it("keep their template and arguments for the metadata cache, and fill each argument in once", () => {
    const lazy = diagnosticOf("warning", "ambiguous", template, args, path);
    expect(messageTextOf(lazy)).toEqual({ template, args });
    expect(messageTextOf(diagnostic("warning", "ambiguous", text, path))).toBeUndefined();
    // Arguments come from skills: a `{0}` or `{path}` in one is text, not a slot.
    expect(fillTemplate("{0}|{1}|{9}", ["{1}", "{path}"], path)).toBe("{1}|{path}|");
  });

  it("are prefixed by their path without building the text", () => {
    const lazy = prefixedByPath(
      diagnosticOf("warning", "field-type", "`{0}` is odd.", ["x"], path, { line: 2 }),
    );
    const eager = prefixedByPath(diagnostic("warning", "field-type", "`x` is odd.", path, { line: 2 }));
    expect(plainDiagnostic(lazy)).toEqual(eager);
    expect(lazy.message).toBe(`${path}: \`x\` is odd.`);
    expect(messageTextOf(lazy)?.template).toBe("{path}: `{0}` is odd.");
  });
});
