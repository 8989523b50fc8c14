/**
 * @module How a fetch stops when the person interrupts it (SPEC §15: every command stays interruptible):
 * the `AbortSignal` a command is given is checked between steps, and its abort becomes one error,
 * `install-interrupted`, after which the caller's clean-up runs as for any other refusal.
 */
import { SkillsetError } from "@skillset/core/model";

/** The error for an aborted `signal`; its reason (the CLI passes `SIGINT` or `SIGTERM`) is named. */
export function interruptedError(signal: AbortSignal): SkillsetError {
  const reason = typeof signal.reason === "string" ? signal.reason : "an interruption";
  return new SkillsetError(
    "install-interrupted",
    `Interrupted by ${reason}; nothing was installed and the fetched files were removed.`,
  );
}

/** Throws `install-interrupted` when `signal` has been aborted. */
export function checkInterrupted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw interruptedError(signal);
}

/** Whether `error` is the interruption (or was caused by it, as an aborted `fetch` is). */
export function isInterruption(error: unknown, signal: AbortSignal | undefined): boolean {
  return (
    Boolean(signal?.aborted) || (SkillsetError.isInstance(error) && error.code === "install-interrupted")
  );
}
