import { describe, expect, it } from "vitest";
import { KNOWN_FRONTMATTER_KEYS } from "../parser/index.js";
import { ALLOWED_FIELDS } from "./allowed-fields.js";
import { fieldsBeyondSpec, HONOURED_EXTENSION_FIELDS } from "./extension-fields.js";
import { validateFrontmatter } from "./validate-frontmatter.js";

const path = "/skills/demo/SKILL.md";
const raw = {
  name: "demo",
  description: "Demo. Use when testing.",
  "disable-model-invocation": true,
  "argument-hint": "[file]",
  context: "fork",
  foo: "bar",
};
const keyLines = {
  name: 2,
  description: 3,
  "disable-model-invocation": 4,
  "argument-hint": 5,
  context: 6,
  foo: 7,
};

describe("fields beyond the specification", () => {
  it("every honoured field is one the parser reads into the model, beyond the six of the specification", () => {
    for (const field of HONOURED_EXTENSION_FIELDS) {
      expect(KNOWN_FRONTMATTER_KEYS.has(field), field).toBe(true);
      expect(ALLOWED_FIELDS, field).not.toContain(field);
    }
    for (const field of ["disable-model-invocation", "argument-hint", "context", "hooks", "model"])
      expect(HONOURED_EXTENSION_FIELDS).toContain(field);
    // Parsed for hosts but acted on by nothing in skillset: still the specification's unexpected fields.
    for (const field of ["globs", "paths", "alwaysApply", "user-invokable"])
      expect(HONOURED_EXTENSION_FIELDS).not.toContain(field);
  });

  it("strict validation notes the honoured fields and lists only the others as unexpected", () => {
    const found = validateFrontmatter(raw, { path, dirName: "demo", keyLines });
    expect(found.map((finding) => [finding.severity, finding.code, finding.field, finding.line])).toEqual([
      ["error", "unexpected-fields", "foo", 7],
      ["info", "extension-field", "disable-model-invocation", 4],
      ["info", "extension-field", "argument-hint", 5],
      ["info", "extension-field", "context", 6],
    ]);
    expect(found[0]!.message).toContain("Unexpected fields in frontmatter: foo. Only");
    expect(found[3]!.message).toBe(
      "Field 'context' is a Claude Code extension, honoured by skillset; not in the base spec (--spec-only reports it as an unexpected field).",
    );
  });

  it("with specOnly every field beyond the six is the specification's unexpected-fields finding", () => {
    const found = validateFrontmatter(raw, { path, dirName: "demo", keyLines, specOnly: true });
    expect(found.map((finding) => finding.code)).toEqual(["unexpected-fields"]);
    expect(found[0]!.message).toContain(
      "Unexpected fields in frontmatter: argument-hint, context, disable-model-invocation, foo.",
    );
  });

  it("a skill with only honoured extensions is valid in strict mode; the severity of unexpected is the caller's", () => {
    const { foo: _, ...honoured } = raw;
    expect(validateFrontmatter(honoured, { path, dirName: "demo" }).every((f) => f.severity === "info")).toBe(
      true,
    );
    expect(fieldsBeyondSpec(raw, { path, severity: "warning" })[0]!.severity).toBe("warning");
    expect(fieldsBeyondSpec({ version: "1.0" }, { path })[0]!.message).toContain("a common extension");
    expect(fieldsBeyondSpec({ globs: ["*.ts"] }, { path })[0]!.code).toBe("unexpected-fields");
  });
});
