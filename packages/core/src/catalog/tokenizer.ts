/**
 * @module The pluggable token counter behind the catalog budget (SPEC §7), and the default one: a real
 * BPE tokenizer (`gpt-tokenizer`, o200k_base, fully offline), loaded on first use rather than at import.
 */
import { createRequire } from "node:module";

/** Counts tokens the way a model would. Any BPE (or estimate) can be plugged in. */
export interface Tokenizer {
  /** Number of tokens in `text`. Must be deterministic: the same text always gives the same count. */
  count(text: string): number;
}

interface O200kModule {
  countTokens(text: string): number;
}

let loaded: Tokenizer | undefined;

/**
 * The default tokenizer: OpenAI's o200k_base encoding (GPT-4o, GPT-5, o-series) from `gpt-tokenizer`.
 * Its vocabulary (a few MB) is loaded synchronously on the first call, not when this module is imported,
 * so that `renderCatalog` can stay synchronous. Later calls return the same instance.
 *
 * Why o200k for every model: catalog budgets are a safety margin, not a bill; o200k is within a few
 * percent of the other current BPE vocabularies on English prose. Pass your own `Tokenizer` when exact
 * counts for another model matter.
 * @example defaultTokenizer().count("Use when filling PDF forms.") // 6
 */
export function defaultTokenizer(): Tokenizer {
  if (loaded === undefined) {
    const require = createRequire(import.meta.url);
    const o200k = require("gpt-tokenizer/encoding/o200k_base") as O200kModule;
    loaded = { count: (text) => (text === "" ? 0 : o200k.countTokens(text)) };
  }
  return loaded;
}
