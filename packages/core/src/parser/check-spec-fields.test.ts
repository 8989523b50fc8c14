import { describe, expect, it } from "vitest";
import { checkSpecFields } from "./check-spec-fields.js";

const base = { path: "/s/pdf/SKILL.md", dirName: "pdf", name: "pdf", nameFromFrontmatter: true };
const codes = (input: Parameters<typeof checkSpecFields>[0]) => checkSpecFields(input).map((d) => d.code);

describe("checkSpecFields", () => {
  it("accepts a valid skill, in any script", () => {
    expect(codes(base)).toEqual([]);
    expect(codes({ ...base, name: "données-2", dirName: "données-2" })).toEqual([]);
    expect(codes({ ...base, name: "表格", dirName: "表格" })).toEqual([]);
  });

  it("warns about bad characters, case and hyphens in one message", () => {
    const [found] = checkSpecFields({ ...base, name: "ns:My_Skill-", dirName: "ns:My_Skill-" });
    expect(found).toMatchObject({ code: "name-invalid", severity: "warning", field: "name" });
    expect(found?.message).toContain("must be lowercase");
    expect(found?.message).toContain("invalid characters");
    expect(found?.message).toContain("hyphen");
    expect(found?.message).toContain('"ns-my-skill"');
    expect(codes({ ...base, name: "a--b", dirName: "a--b" })).toEqual(["name-invalid"]);
  });

  it("compares the name to its folder after NFKC", () => {
    expect(codes({ ...base, name: "ﬁle", dirName: "file" })).toEqual([]);
    expect(codes({ ...base, name: "other" })).toEqual(["name-mismatch"]);
    expect(codes({ ...base, name: "other", nameFromFrontmatter: false })).toEqual([]);
  });

  it("warns about over-long fields, counted in code points", () => {
    const long = "a".repeat(65);
    expect(codes({ ...base, name: long, dirName: long })).toEqual(["name-too-long"]);
    expect(codes({ ...base, description: "😀".repeat(1024) })).toEqual([]);
    expect(codes({ ...base, description: "😀".repeat(1025) })).toEqual(["description-too-long"]);
    expect(codes({ ...base, compatibility: "x".repeat(501) })).toEqual(["compatibility-too-long"]);
  });
});
