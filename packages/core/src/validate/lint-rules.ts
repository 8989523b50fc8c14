/**
 * @module Every lint rule, in the order their findings are reported. To add a rule: write
 * `rules/<rule-id>.ts` exporting a `LintRule`, add it here, and add a test beside it.
 */
import type { LintRule } from "./lint-rule.js";
import { allowedToolsForm } from "./rules/allowed-tools-form.js";
import { bodyTooLong } from "./rules/body-too-long.js";
import { descriptionSaysWhen } from "./rules/description-says-when.js";
import { duplicateName } from "./rules/duplicate-name.js";
import { hostCommandName } from "./rules/host-command-name.js";
import { missingReference } from "./rules/missing-reference.js";
import { noXmlTags } from "./rules/no-xml-tags.js";
import { referenceDepth } from "./rules/reference-depth.js";
import { reservedName } from "./rules/reserved-name.js";
import { scriptNotExecutable } from "./rules/script-not-executable.js";

/** The built-in lint rules. */
export const lintRules: readonly LintRule[] = [
  descriptionSaysWhen,
  noXmlTags,
  reservedName,
  hostCommandName,
  bodyTooLong,
  missingReference,
  referenceDepth,
  scriptNotExecutable,
  allowedToolsForm,
  duplicateName,
];
