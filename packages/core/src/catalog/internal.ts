/**
 * @module catalog (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { escapeXml } from "./escape-xml.js";
export { fillPrompt, omittedNote, type PromptName, readPrompt } from "./read-prompt.js";
export { type BudgetSettings, resolveCatalogBudget } from "./resolve-budget.js";
export { selectCatalogSkills } from "./select-catalog-skills.js";
export { shortenDescription } from "./shorten-description.js";
export { defaultTokenizer } from "./tokenizer.js";
