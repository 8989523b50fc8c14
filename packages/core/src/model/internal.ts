/**
 * @module model (internal) — what this stage gives the stages after it and not hosts. Hosts reach it only
 * through `@skillset/core/internal`, which may change in any release.
 */
export { hasErrors } from "./diagnostic.js";
export { compareCodePoints } from "./folder-integrity.js";
export { hasControls } from "./inert-text.js";
export { resourceSetKey } from "./remote-origin.js";
export { qualifiedName } from "./skill.js";
export { createNameIndex, type NameIndex } from "./suggest-names.js";
