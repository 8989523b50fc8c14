import { describe, expect, it } from "vitest";
import { checkName } from "./check-spec-fields.js";

const path = "/skills/x/SKILL.md";
const codes = (name: unknown, dirName?: string) =>
  checkName(name, { path, dirName: dirName ?? (typeof name === "string" ? name : undefined) }).map(
    (d) => d.code,
  );

describe("checkName", () => {
  it("accepts 64 characters and rejects 65, counting code points", () => {
    expect(codes("a".repeat(64))).toEqual([]);
    expect(codes("a".repeat(65))).toEqual(["name-too-long"]);
    const [finding] = checkName("a".repeat(70), { path });
    expect(finding?.message).toContain(
      `Skill name '${"a".repeat(70)}' exceeds 64 character limit (70 chars)`,
    );
    expect(codes("技".repeat(64))).toEqual([]);
  });

  it("accepts lowercase letters of any script, digits and hyphens", () => {
    expect(codes("技能")).toEqual([]);
    expect(codes("навык")).toEqual([]);
    expect(codes("pdf-2-docx")).toEqual([]);
    expect(codes("café")).toEqual([]);
  });

  it("rejects uppercase in any script", () => {
    expect(codes("НАВЫК")).toEqual(["name-uppercase"]);
    expect(codes("Pdf")).toEqual(["name-uppercase"]);
    const [finding] = checkName("Pdf", { path });
    expect(finding?.message).toContain("Skill name 'Pdf' must be lowercase");
  });

  it("rejects hyphens at the edges and doubled", () => {
    expect(codes("-pdf")).toEqual(["name-hyphen-edge"]);
    expect(codes("pdf-")).toEqual(["name-hyphen-edge"]);
    expect(codes("pdf--docx")).toEqual(["name-consecutive-hyphens"]);
    expect(checkName("-x", { path })[0]?.message).toContain("Skill name cannot start or end with a hyphen");
    expect(checkName("a--b", { path })[0]?.message).toContain(
      "Skill name cannot contain consecutive hyphens",
    );
  });

  it("rejects other characters and names them", () => {
    expect(codes("ns:pdf")).toEqual(["name-invalid-characters"]);
    expect(codes("pdf_tools")).toEqual(["name-invalid-characters"]);
    expect(codes("pdf tools")).toEqual(["name-invalid-characters"]);
    const [finding] = checkName("a_b.c", { path });
    expect(finding?.message).toContain(
      "Skill name 'a_b.c' contains invalid characters. Only letters, digits, and hyphens are allowed.",
    );
    expect(finding?.message).toContain('"_", "."');
  });

  it("requires the folder name, compared after NFKC", () => {
    expect(codes("pdf", "docx")).toEqual(["name-directory-mismatch"]);
    expect(checkName("pdf", { path, dirName: "docx" })[0]?.message).toContain(
      "Directory name 'docx' must match skill name 'pdf'",
    );
    // Fullwidth "ｐｄｆ" normalises to "pdf" under NFKC: folder and name match either way round.
    expect(codes("pdf", "ｐｄｆ")).toEqual([]);
    expect(codes("ｐｄｆ", "pdf")).toEqual([]);
    // The ligature "ﬁ" (U+FB01) is "fi" after NFKC.
    expect(codes("ﬁle-tools", "file-tools")).toEqual([]);
  });

  it("suggests only valid names in the folder-mismatch fix", () => {
    const message = (name: string, dirName: string) =>
      checkName(name, { path, dirName }).find((found) => found.code === "name-directory-mismatch")?.message;
    // An invalid name is never offered as the folder's new name: a valid form of it is.
    expect(message("a--b", "dd")).toBe(
      "Directory name 'dd' must match skill name 'a--b'. Write name: a-b in SKILL.md and name the folder a-b.",
    );
    expect(message("-pdf", "dd")).toContain("Write name: pdf in SKILL.md and name the folder pdf.");
    expect(message("a".repeat(70), "dd")).toContain(`Write name: ${"a".repeat(64)} in SKILL.md`);
    // A valid name with a folder that is not a valid name: only the rename is offered.
    expect(message("pdf", "My PDF")).toBe(
      "Directory name 'My PDF' must match skill name 'pdf'. Rename the folder to 'pdf'.",
    );
    expect(message("pdf", "docx")).toContain("Rename the folder to 'pdf' or write name: docx in SKILL.md.");
  });

  it("trims the name before checking it, like the reference", () => {
    expect(codes(" pdf ", "pdf")).toEqual([]);
  });

  it("rejects empty and non-text names", () => {
    expect(codes("")).toEqual(["name-empty"]);
    expect(codes("  ", "x")).toEqual(["name-empty"]);
    expect(codes(["a"], "x")).toEqual(["name-empty"]);
  });

  it("suggests the folder's name for an empty name only when that is a valid name", () => {
    const message = (name: string, dirName: string) => checkName(name, { path, dirName })[0]?.message;
    expect(message("", "pdf")).toContain("Write name: pdf in SKILL.md.");
    expect(message("", "My PDF")).toContain("Write name: my-pdf in SKILL.md and name the folder my-pdf.");
    expect(message("", "___")).toContain("Write name: <folder name> in SKILL.md.");
  });
});
