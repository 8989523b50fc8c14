/**
 * @module catalog — what the model sees of the skills up front, within a token budget (SPEC §7).
 */
export type { CatalogFormatName } from "./catalog-format.js";
export { escapeXml } from "./escape-xml.js";
export { fillPrompt, omittedNote, type PromptName, readPrompt } from "./read-prompt.js";
export {
  type CatalogResult,
  type OmittedSkill,
  type RenderCatalogOptions,
  renderCatalog,
  type TruncatedDescription,
} from "./render-catalog.js";
export { type BudgetSettings, resolveCatalogBudget } from "./resolve-budget.js";
export { type CatalogSelection, selectCatalogSkills } from "./select-catalog-skills.js";
export { shortenDescription } from "./shorten-description.js";
export { defaultTokenizer, type Tokenizer } from "./tokenizer.js";
export { type AvailableSkill, formatAvailableSkills } from "./xml-format.js";
