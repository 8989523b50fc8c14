import { describe, expect, it } from "vitest";
import { decodeSkillBytes, findInvalidUtf8 } from "./decode-text.js";

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe("decodeSkillBytes", () => {
  it("decodes UTF-8 and strips a BOM", () => {
    expect(decodeSkillBytes(bytes(0xef, 0xbb, 0xbf, ...utf8("---\nname: é\n")), "/s/SKILL.md")).toEqual({
      ok: true,
      text: "---\nname: é\n",
    });
  });

  it("refuses invalid UTF-8 with the line and column of the first bad byte", () => {
    const result = decodeSkillBytes(bytes(...utf8("ok\nab"), 0xff, ...utf8("c\n")), "/s/SKILL.md");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostic).toMatchObject({
      severity: "error",
      code: "encoding-invalid",
      line: 2,
      column: 3,
    });
    expect(result.diagnostic.message).toContain("/s/SKILL.md");
    expect(result.diagnostic.message).toContain("UTF-8");
  });

  it("refuses binary files (NUL bytes) and UTF-16 with a clear code", () => {
    const binary = decodeSkillBytes(bytes(0x89, 0x50, 0x4e, 0x47, 0x00, 0x01), "/s/SKILL.md");
    expect(binary).toMatchObject({ ok: false, diagnostic: { code: "file-binary", line: 1, column: 5 } });
    const utf16 = decodeSkillBytes(bytes(0xff, 0xfe, 0x2d, 0x00), "/s/SKILL.md");
    expect(utf16).toMatchObject({ ok: false, diagnostic: { code: "encoding-invalid" } });
    expect(!utf16.ok && utf16.diagnostic.message).toContain("UTF-16");
  });

  it("drops a multi-byte character cut at the end of a partial read", () => {
    const euro = utf8("a€");
    expect(decodeSkillBytes(euro.subarray(0, 3), "/s/SKILL.md", { partial: true })).toEqual({
      ok: true,
      text: "a",
    });
    expect(decodeSkillBytes(euro.subarray(0, 3), "/s/SKILL.md").ok).toBe(false);
  });
});

describe("findInvalidUtf8", () => {
  it("finds overlong forms, surrogates and truncated sequences", () => {
    expect(findInvalidUtf8(utf8("héllo €𝄞"))).toBe(utf8("héllo €𝄞").length);
    expect(findInvalidUtf8(bytes(0x61, 0xc0, 0x80))).toBe(1);
    expect(findInvalidUtf8(bytes(0xed, 0xa0, 0x80))).toBe(0);
    expect(findInvalidUtf8(bytes(0x61, 0xe2, 0x82))).toBe(1);
    expect(findInvalidUtf8(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
  });
});
