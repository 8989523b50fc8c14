/**
 * @module catalog (public) — what hosts get from `@skillset/core/catalog`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 */
export type { CatalogFormatName } from "./catalog-format.js";
export {
  type CatalogResult,
  type OmittedSkill,
  type RenderCatalogOptions,
  renderCatalog,
  type TruncatedDescription,
} from "./render-catalog.js";
export type { CatalogSelection } from "./select-catalog-skills.js";
export type { Tokenizer } from "./tokenizer.js";
export { type AvailableSkill, formatAvailableSkills } from "./xml-format.js";
