import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusDir, listSkillFiles, NEEDS_CORPUS } from "../test/corpus.js";
import { O200kTokenizer } from "./o200k-tokenizer.js";

// Reference counts from tiktoken 0.14 (`encode_ordinary` with the o200k_base ranks and pattern), the
// encoder OpenAI ships. Where `gpt-tokenizer` disagrees (it splits U+FEFF into two tokens), tiktoken wins.
const tokenizer = new O200kTokenizer();

describe("the o200k_base tokenizer", () => {
  it.each([
    ["", 0],
    ["Use when filling PDF forms.", 6],
    ["<|endoftext|> hello", 8],
    ["=".repeat(300), 5],
    ["naïve café 東京 🙂 1234567", 10],
    ["don't WE'LL", 4],
    ["\r\n\n  \t x", 3],
    ["\uFEFF", 1],
    ["\uFEFF---\nname: x", 5],
    [" \uFEFF\n", 2],
  ])("counts %j as %i tokens, as tiktoken does", (text, tokens) => {
    expect(tokenizer.count(text)).toBe(tokens);
  });

  const corpus = corpusDir();
  it.skipIf(!existsSync(corpus))(
    `counts every SKILL.md of the corpus exactly as tiktoken does ${NEEDS_CORPUS}`,
    () => {
      const lines = listSkillFiles(corpus)
        .map((file) => `${relative(corpus, file)}\t${tokenizer.count(readFileSync(file, "utf8"))}\n`)
        .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      const total = lines.reduce((sum, line) => sum + Number(line.split("\t")[1]), 0);
      expect(lines).toHaveLength(2042);
      expect(total).toBe(4_154_000);
      expect(createHash("sha256").update(lines.join("")).digest("hex")).toBe(
        "41e47738c0dcad59511c4e26021811603baedb76296f311584488b31355252f0",
      );
    },
    120_000,
  );
});
