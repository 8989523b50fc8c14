/**
 * @module Secrets (SPEC §17): reading credential stores (SSH keys, cloud credentials, keychains, browser
 * profiles, wallets) and dumping the whole environment. A key used only to authenticate (`ssh -i key`) is
 * not a read of it; one variable read (`$GITHUB_TOKEN`, `env | grep PATH`) is not a dump.
 */
import { type AuditRule, hitAt, type RuleHit } from "../audit-rule.js";
import { type CodeUnit, eachLineHolding, unitsHolding } from "../scan-context.js";
import { boundUse, READ_SINK } from "./flows.js";
import {
  CREDENTIAL_ANCHORS,
  CREDENTIAL_STORE,
  DOTENV_READ,
  ENV_ANCHORS,
  ENV_DUMP,
  ENV_FILTERED,
  pathView,
  READ_OPERATION,
  withoutKeyUse,
  withoutWriteTargets,
} from "./signals.js";

/** Keychain and browser stores are read by naming them; files need a read operation on the line. */
const READ_BY_NAME =
  /\b(security\s+(find-|dump-)|secret-tool|Login Data|logins\.json|key[34]\.db|Cookies)\b/i;

/** What a sentence does to a file that reads it ("read", "cat", "copy", "send"), said just before the file. */
const PROSE_READ =
  /\b(cat|read|open|copy|cp|send|upload|post|share|include|attach|paste|forward|print|dump|base64|tar|zip|scp|rsync|exfiltrate|transmit|collect|grab)\b[^.;!?]{0,60}$/i;

/**
 * Whether `line` reads a credential store. In prose (`prose`), only a store named by its path counts
 * ("read ~/.aws/credentials"): "import Chrome cookies" there describes a tool's feature.
 */
export function readsCredentials(line: string, prose = false): RegExpExecArray | undefined {
  const code = withoutWriteTargets(withoutKeyUse(pathView(line)));
  const store = CREDENTIAL_STORE.exec(code);
  if (!store) return undefined;
  // In a sentence the verb leads to the file in the same clause: "read the file ~/.aws/credentials".
  if (prose)
    return /[/\\]/.test(store[0]) && PROSE_READ.test(code.slice(Math.max(0, store.index - 80), store.index))
      ? store
      : undefined;
  if (READ_BY_NAME.test(code) || READ_OPERATION.test(code)) return store;
  return undefined;
}

/** The first line of `unit` that reads a credential store through a name its path was given. */
export function boundCredentialRead(unit: CodeUnit): { line: number; text: string } | undefined {
  return unit.file.kind === "script" || !unit.prose
    ? boundUse(unit, ["credential"], READ_SINK, [CREDENTIAL_ANCHORS])
    : undefined;
}

/** `.env` as where a copy goes (`cp .env.example .env`): written, not read. */
const DOTENV_WRITTEN = /\b(cp|mv|copy|Copy-Item)\s+(-\w+\s+)*\S+\s+["']?(\.\/)?\.env["']?\s*($|[;&|)])/i;

/** Whether `line` reads a `.env` file (its secrets). */
export function readsDotenv(line: string): boolean {
  return /\.env/i.test(line) && DOTENV_READ.test(line) && !DOTENV_WRITTEN.test(line);
}

/** Options of a child process: its `env` is handed to the child, not sent anywhere. */
const CHILD_PROCESS = /\b(spawn\w*|exec\w*|fork|Worker|child_process)\b/;

/** What every dump of {@link ENV_DUMP} holds: a cheap test first (most lines with "env" say "environment"). */
const MAY_DUMP = /printenv|\benv\s*($|[|>;&)])|\bexport\s+-p|environ\b|process\.env|\benv:|\bENV\.to_h/i;

/** Whether `line` dumps the environment. */
export function dumpsEnvironment(line: string): RegExpExecArray | undefined {
  if (!MAY_DUMP.test(line) || ENV_FILTERED.test(line)) return undefined;
  const dump = ENV_DUMP.exec(line) ?? undefined;
  if (dump && /^process\.env\s*[,}]$/.test(dump[0]) && CHILD_PROCESS.test(line)) return undefined;
  return dump;
}

export const credentialStoreRead: AuditRule = {
  id: "credential-store-read",
  category: "secrets",
  severity: "high",
  summary: "Reads a credential store: SSH private keys, cloud credentials, keychains, browser or wallet data",
  why: "These files hold the keys to your accounts and machines; a skill that reads them can steal them.",
  check:
    "Find why the skill needs the file; a tool that uses a key passes its path (`ssh -i`), it does not read or copy it.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, CREDENTIAL_ANCHORS)) {
      eachLineHolding(unit, CREDENTIAL_ANCHORS, (text, _index, line) => {
        if (readsCredentials(text, unit.prose)) hits.push(hitAt(unit, line, text, CREDENTIAL_STORE));
      });
      // A credential's path kept in a name, then read: `key = Path.home() / ".ssh" / "id_rsa"` … `key.read_text()`.
      const read = boundCredentialRead(unit);
      if (read) hits.push(hitAt(unit, read.line, read.text));
    }
    return hits;
  },
};

export const environmentDump: AuditRule = {
  id: "environment-dump",
  category: "secrets",
  severity: "medium",
  summary: "Dumps or serialises the whole environment",
  why: "The environment holds API tokens and passwords; dumping all of it is how they are collected.",
  check: "See where the dump goes; reading the one variable a tool needs is the safe form.",
  run(context) {
    const hits: RuleHit[] = [];
    for (const unit of unitsHolding(context, ENV_ANCHORS)) {
      // A sentence about the environment dumps nothing (a dump sent out is secret-exfiltration's).
      if (unit.prose) continue;
      eachLineHolding(unit, ENV_ANCHORS, (text, _index, line) => {
        if (dumpsEnvironment(text))
          hits.push(
            hitAt(unit, line, text, ENV_DUMP, unit.file.kind === "script" ? {} : { severity: "low" }),
          );
      });
    }
    return hits;
  },
};
