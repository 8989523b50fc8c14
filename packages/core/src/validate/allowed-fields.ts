/**
 * @module The frontmatter fields the Agent Skills specification allows (SPEC §4).
 */

/** The only frontmatter fields the specification allows, sorted (the order the reference prints them). */
export const ALLOWED_FIELDS: readonly string[] = [
  "allowed-tools",
  "compatibility",
  "description",
  "license",
  "metadata",
  "name",
];
