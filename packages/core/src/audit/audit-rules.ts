/**
 * @module Every audit rule, in the order their findings are listed within a severity. One place for these
 * rules (SPEC §17): `add`, `update`, `audit` and any host read this list; `lint` has no copy of them.
 */
import type { AuditRule } from "./audit-rule.js";
import {
  broadAllowedTools,
  bundledScript,
  scriptUrl,
  shellPreprocessing,
  skillHooks,
} from "./rules/capabilities.js";
import { destructiveDelete, forkBomb, networkLoop } from "./rules/destruction.js";
import {
  downloadExecute,
  evalInput,
  pathTraversal,
  shellInjection,
  sqlInjection,
} from "./rules/execution.js";
import {
  commandOutputExfiltration,
  dnsExfiltration,
  secretExfiltration,
  suspiciousDestination,
  tunnel,
} from "./rules/exfiltration.js";
import {
  concealFromUser,
  htmlCommentInstruction,
  instructionOverride,
  invisibleUnicode,
  magicTrigger,
} from "./rules/instructions.js";
import { descriptionMismatch } from "./rules/mismatch.js";
import { assembledCommand, encodedExecution, encodedPayload, packedScript } from "./rules/obfuscation.js";
import {
  authorizedKeysWrite,
  gitHookWrite,
  reverseShell,
  scheduledPersistence,
  shellProfileWrite,
} from "./rules/persistence.js";
import { credentialStoreRead, environmentDump } from "./rules/secrets.js";

export const AUDIT_RULES: readonly AuditRule[] = [
  instructionOverride,
  concealFromUser,
  htmlCommentInstruction,
  invisibleUnicode,
  magicTrigger,
  credentialStoreRead,
  environmentDump,
  secretExfiltration,
  commandOutputExfiltration,
  dnsExfiltration,
  tunnel,
  suspiciousDestination,
  downloadExecute,
  evalInput,
  shellInjection,
  sqlInjection,
  pathTraversal,
  encodedExecution,
  encodedPayload,
  assembledCommand,
  packedScript,
  shellProfileWrite,
  scheduledPersistence,
  gitHookWrite,
  authorizedKeysWrite,
  reverseShell,
  destructiveDelete,
  forkBomb,
  networkLoop,
  descriptionMismatch,
  bundledScript,
  broadAllowedTools,
  shellPreprocessing,
  skillHooks,
  scriptUrl,
];

/** The rule named `id`, if any. */
export function findAuditRule(id: string): AuditRule | undefined {
  return AUDIT_RULES.find((rule) => rule.id === id);
}
