import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { diagnosticOf, messageTextOf } from "../model/diagnostic.js";
import { parseSkillFile, parseSkillText } from "../parser/index.js";
import { corpusDir, hasCorpus, listSkillFiles, NEEDS_CORPUS } from "../test/corpus.js";
import { decodeRecord, encodeRecord, StringTable } from "./cache-record-codec.js";
import type { CacheRecord } from "./metadata-cache.js";

/** A value as JSON data: what a templated diagnostic's message reads as, written out. */
const asData = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe("cache record codec", () => {
  it.skipIf(!hasCorpus())(
    `restores real parse results exactly, from a smaller form ${NEEDS_CORPUS}`,
    async () => {
      const files = listSkillFiles(join(corpusDir(), "wild")).filter((_, index) => index % 10 === 0);
      files.push(...listSkillFiles(join(corpusDir(), "official")));
      let plain = 0;
      let compact = 0;
      const table = new StringTable();
      for (const path of files) {
        const result = await parseSkillFile(path);
        const record: CacheRecord = {
          path,
          mtimeMs: result.skill?.mtimeMs ?? 1,
          size: result.skill?.size ?? 2,
          ctimeMs: result.skill?.mtimeMs ?? 1,
          ino: 123_456_789,
          result,
        };
        const original = JSON.parse(JSON.stringify(record));
        const stored = JSON.stringify(encodeRecord(record));
        // Compared as data (JSON): templated messages are built when read.
        expect(asData(decodeRecord(JSON.parse(stored)))).toEqual(original);
        const tabled = JSON.stringify(encodeRecord(record, table));
        expect(asData(decodeRecord(JSON.parse(tabled), new StringTable([...table.strings])))).toEqual(
          original,
        );
        plain += JSON.stringify(record).length;
        compact += stored.length;
      }
      expect(files.length).toBeGreaterThan(200);
      expect(compact / plain).toBeLessThan(0.6);
    },
  );

  it("keeps diagnostics about other files and results without a skill", () => {
    const record: CacheRecord = {
      path: "/s/pdf/SKILL.md",
      mtimeMs: 1,
      size: 2,
      ctimeMs: 1.5,
      ino: 7,
      openai: { mtimeMs: 3, size: 4, ctimeMs: 3, ino: 8 },
      result: {
        diagnostics: [
          {
            severity: "error",
            code: "yaml-invalid",
            message: "/s/pdf/SKILL.md: broken",
            path: "/s/pdf/SKILL.md",
            line: 2,
          },
          {
            severity: "warning",
            code: "openai-yaml-invalid",
            message: "bad yaml",
            path: "/s/pdf/agents/openai.yaml",
          },
        ],
      },
    };
    expect(decodeRecord(JSON.parse(JSON.stringify(encodeRecord(record))))).toEqual(record);
  });

  it("stores a stamp's ctime as 0 when it equals the mtime, and restores it", () => {
    const mtimeMs = 1_795_702_239_180.999;
    const record: CacheRecord = {
      path: "/s/pdf/SKILL.md",
      mtimeMs,
      size: 2,
      ctimeMs: mtimeMs,
      ino: 9_007_199_254_740_991,
      openai: { mtimeMs: 3, size: 4, ctimeMs: 1_795_702_239_181.25, ino: 8 },
      result: { diagnostics: [] },
    };
    const stored = encodeRecord(record);
    expect(stored.slice(1, 6)).toEqual([
      mtimeMs,
      2,
      0,
      9_007_199_254_740_991,
      [3, 4, 1_795_702_239_181.25, 8],
    ]);
    expect(decodeRecord(JSON.parse(JSON.stringify(stored)))).toEqual(record);
  });

  it("stores a templated message as its template (once per file) and arguments, and decodes it templated", () => {
    const path = "/s/c0-pdf/SKILL.md";
    const { document: _document, ...result } = parseSkillText(
      "---\nname: pdf\ndescription: Use when editing PDFs.\n---\n",
      { path, mtimeMs: 1, size: 2 },
    );
    const mismatch = result.diagnostics.find((found) => found.code === "name-directory-mismatch");
    expect(mismatch && messageTextOf(mismatch)).toBeDefined();
    result.diagnostics.push(diagnosticOf("info", "shadowed", "Skill '{0}' at {path}.", ["pdf"], "/other"));
    const record: CacheRecord = { path, mtimeMs: 1, size: 2, ctimeMs: 1, ino: 3, result };
    const table = new StringTable();
    const stored = JSON.stringify(encodeRecord(record, table));
    // Neither text is in the record: the template is in the table, the record holds its index.
    expect(stored).not.toContain("must match skill name");
    expect(stored).not.toContain("Skill '");
    expect(table.strings.some((value) => value.includes("must match skill name '{1}'"))).toBe(true);
    const decoded = decodeRecord(JSON.parse(stored), new StringTable([...table.strings]));
    expect(asData(decoded)).toEqual(asData(record));
    for (const found of decoded.result.diagnostics) expect(messageTextOf(found)).toBeDefined();
    expect(decoded.result.diagnostics.at(-1)?.message).toBe("Skill 'pdf' at /other.");
  });

  it("stores a folded description once: the skill's is the frontmatter's normalized", () => {
    const path = "/s/pdf/SKILL.md";
    const { document: _document, ...result } = parseSkillText(
      "---\nname: pdf\ndescription: >\n  Use when editing\n  PDF files.\n---\n",
      { path, mtimeMs: 1, size: 2 },
    );
    expect(result.skill?.description).toBe("Use when editing PDF files.");
    const record: CacheRecord = { path, mtimeMs: 1, size: 2, ctimeMs: 1, ino: 3, result };
    const stored = JSON.stringify(encodeRecord(record));
    expect(stored.split("Use when editing").length).toBe(2);
    expect(asData(decodeRecord(JSON.parse(stored)))).toEqual(asData(record));
  });
});
