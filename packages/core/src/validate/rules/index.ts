/**
 * @module Every lint rule, in the order their findings are reported. To add a rule: write
 * `rules/<rule-id>.ts` exporting a `LintRule`, add it here, and add `<rule-id>.test.ts` beside it.
 */
import type { LintRule } from "../lint-rule.js";
import { allowedToolsForm } from "./allowed-tools-form.js";
import { bodyTooLong } from "./body-too-long.js";
import { descriptionSaysWhen } from "./description-says-when.js";
import { duplicateName } from "./duplicate-name.js";
import { hostCommandName } from "./host-command-name.js";
import { missingReference } from "./missing-reference.js";
import { noXmlTags } from "./no-xml-tags.js";
import { referenceDepth } from "./reference-depth.js";
import { referenceLeavesSkill } from "./reference-leaves-skill.js";
import { reservedName } from "./reserved-name.js";
import { scriptNotExecutable } from "./script-not-executable.js";

export {
  allowedToolsForm,
  bodyTooLong,
  descriptionSaysWhen,
  duplicateName,
  hostCommandName,
  missingReference,
  noXmlTags,
  referenceDepth,
  referenceLeavesSkill,
  reservedName,
  scriptNotExecutable,
};

/** The built-in lint rules. */
export const lintRules: readonly LintRule[] = [
  descriptionSaysWhen,
  noXmlTags,
  reservedName,
  hostCommandName,
  bodyTooLong,
  missingReference,
  referenceLeavesSkill,
  referenceDepth,
  scriptNotExecutable,
  allowedToolsForm,
  duplicateName,
];
