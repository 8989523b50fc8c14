/**
 * @module walker (public) — what hosts get from `@skillset/core/walker`: the names the CLI, MCP server,
 * AI SDK adapter, installer, remote skills, benches and examples use, and the types their signatures name.
 * The stage gives later stages more (`./index.ts`); that rest reaches hosts only through `@skillset/core/internal`.
 */

export { pickSkillFile } from "./pick-skill-file.js";
