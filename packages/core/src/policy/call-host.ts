/**
 * @module Calling a host callback (confirm, prompt, install) safely: a callback that throws or never
 * answers must not break the session, so each call is bounded by a timeout and its failure is a value.
 */

/** The outcome of a host call. */
export type HostCallResult<T> =
  | { ok: true; value: T }
  | { ok: false; reason: "timeout" | "error" | "missing"; error?: unknown };

/**
 * Calls `callback(...)` and waits at most `timeoutMs`. A missing callback, a throw, a rejection and a
 * timeout are all `{ ok: false }`; the caller decides what "no answer" means (usually: refuse).
 * @example const answer = await callHost(host.confirm, [request], 60_000);
 */
export async function callHost<A extends unknown[], T>(
  callback: ((...args: A) => T | Promise<T>) | undefined,
  args: A,
  timeoutMs: number,
): Promise<HostCallResult<T>> {
  if (!callback) return { ok: false, reason: "missing" };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<HostCallResult<T>>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, reason: "timeout" }), timeoutMs);
    timer.unref?.();
  });
  const answer = (async (): Promise<HostCallResult<T>> => {
    try {
      return { ok: true, value: await callback(...args) };
    } catch (error) {
      return { ok: false, reason: "error", error };
    }
  })();
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Describes a failed host call for a diagnostic: `timed out after 60000 ms`, `threw: boom`, `is not provided`. */
export function describeHostFailure(
  result: { reason: "timeout" | "error" | "missing"; error?: unknown },
  timeoutMs: number,
): string {
  if (result.reason === "timeout") return `did not answer within ${timeoutMs} ms`;
  if (result.reason === "missing") return "is not provided by the host";
  const error = result.error;
  return `threw: ${error instanceof Error ? error.message : String(error)}`;
}
