import { describe, expect, it } from "vitest";
import { validateFrontmatter } from "./validate-frontmatter.js";

const path = "/skills/pdf/SKILL.md";
const valid = { name: "pdf", description: "Fill PDF forms. Use when the user asks to fill a PDF." };
const codes = (raw: Record<string, unknown>, dirName = String(raw.name ?? "pdf")) =>
  validateFrontmatter(raw, { path, dirName }).map((d) => d.code);
const messages = (raw: Record<string, unknown>, dirName?: string) =>
  validateFrontmatter(raw, { path, dirName }).map((d) => d.message);

describe("validateFrontmatter", () => {
  it("accepts a valid skill with every allowed field", () => {
    const raw = {
      ...valid,
      license: "MIT",
      compatibility: "Needs Python 3.11",
      metadata: { author: "me" },
      "allowed-tools": "Bash(git:*) Read",
    };
    expect(validateFrontmatter(raw, { path, dirName: "pdf" })).toEqual([]);
  });

  it("lists unexpected fields by name, sorted, with the allowed list as the reference prints it", () => {
    const [finding] = validateFrontmatter({ ...valid, tags: "1", author: "x" }, { path, dirName: "pdf" });
    expect(finding?.code).toBe("unexpected-fields");
    expect(finding?.message).toContain(
      "Unexpected fields in frontmatter: author, tags. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
    );
    expect(finding?.severity).toBe("error");
    expect(finding?.path).toBe(path);
  });

  it("reports missing fields with the reference phrases", () => {
    expect(codes({})).toEqual(["missing-name", "missing-description"]);
    expect(messages({})[0]).toContain("Missing required field in frontmatter: name");
    expect(messages({})[1]).toContain("Missing required field in frontmatter: description");
  });

  it("keeps the reference order: unexpected fields, name, description, compatibility", () => {
    const raw = {
      name: "Bad--Name-",
      description: "d".repeat(1100),
      compatibility: "c".repeat(501),
      tags: [],
    };
    const found = messages(raw, "other");
    const phrases = [
      "Unexpected fields",
      "must be lowercase",
      "cannot start or end with a hyphen",
      "consecutive hyphens",
      "must match skill name",
      "Description exceeds 1024 character limit (1100 chars)",
      "Compatibility exceeds 500 character limit (501 chars)",
    ];
    expect(found).toHaveLength(phrases.length);
    for (const [index, phrase] of phrases.entries()) expect(found[index]).toContain(phrase);
  });

  it("checks description length at 1024/1025 code points", () => {
    expect(codes({ name: "pdf", description: "d".repeat(1024) })).toEqual([]);
    expect(codes({ name: "pdf", description: "d".repeat(1025) })).toEqual(["description-too-long"]);
    // Astral characters count once each, as in Python.
    expect(codes({ name: "pdf", description: "😀".repeat(1024) })).toEqual([]);
  });

  it("checks compatibility at 1/500/501 characters and its type", () => {
    expect(codes({ ...valid, compatibility: "c" })).toEqual([]);
    expect(codes({ ...valid, compatibility: "c".repeat(500) })).toEqual([]);
    expect(codes({ ...valid, compatibility: "c".repeat(501) })).toEqual(["compatibility-too-long"]);
    expect(codes({ ...valid, compatibility: "" })).toEqual(["compatibility-empty"]);
    expect(codes({ ...valid, compatibility: ["x"] })).toEqual(["compatibility-not-string"]);
  });

  it("reports empty or non-text names and descriptions", () => {
    expect(codes({ name: "", description: "x" })).toEqual(["name-empty"]);
    expect(codes({ name: null, description: "x" })).toEqual(["name-empty"]);
    expect(codes({ name: "pdf", description: "   " })).toEqual(["description-empty"]);
    expect(messages({ name: "pdf", description: null })[0]).toContain(
      "Field 'description' must be a non-empty string",
    );
  });

  it("reads scalars as text like the reference's YAML reader (name: 123)", () => {
    expect(codes({ name: 123, description: 2024 }, "123")).toEqual([]);
  });

  it("uses the given severity (lenient validation reports warnings)", () => {
    const [finding] = validateFrontmatter({ description: "x" }, { path, severity: "warning" });
    expect(finding?.severity).toBe("warning");
  });

  it("points at the line of the key", () => {
    const found = validateFrontmatter(
      { name: "Pdf", description: "x", author: "me" },
      { path, dirName: "Pdf", keyLines: { name: 2, description: 3, author: 4 } },
    );
    expect(found.map((d) => [d.code, d.line, d.column, d.field])).toEqual([
      ["unexpected-fields", 4, 1, "author"],
      ["name-uppercase", 2, 1, "name"],
    ]);
  });
});
