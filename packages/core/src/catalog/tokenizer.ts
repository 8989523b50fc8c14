/**
 * @module The pluggable token counter behind the catalog budget (SPEC §7), and the default one: OpenAI's
 * o200k_base BPE, exact and fully offline, its vocabulary read on first use rather than at import.
 */
import { O200kTokenizer } from "./o200k-tokenizer.js";

/** Counts tokens the way a model would. Any BPE (or estimate) can be plugged in. */
export interface Tokenizer {
  /** Number of tokens in `text`. Must be deterministic: the same text always gives the same count. */
  count(text: string): number;
}

let loaded: Tokenizer | undefined;

/**
 * The default tokenizer: OpenAI's o200k_base encoding (GPT-4o, GPT-5, o-series), counted as tiktoken
 * counts (`o200k-tokenizer.ts`). Its vocabulary (0.8 MB, shipped in this package) is read synchronously
 * on the first count, not when this module is imported, so that `renderCatalog` can stay synchronous.
 * Later calls return the same instance.
 *
 * Why o200k for every model: catalog budgets are a safety margin, not a bill; o200k is within a few
 * percent of the other current BPE vocabularies on English prose. Pass your own `Tokenizer` when exact
 * counts for another model matter.
 * @example defaultTokenizer().count("Use when filling PDF forms.") // 6
 */
export function defaultTokenizer(): Tokenizer {
  loaded ??= new O200kTokenizer();
  return loaded;
}
