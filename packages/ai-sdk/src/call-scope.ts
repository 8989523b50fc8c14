/**
 * @module What the code running now is inside of, carried along the async calls (the host's fork callback
 * gets only the request, through the session): the abort signal of the tool call, and the fork whose
 * subagent is generating.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** The context of the code running now. */
export interface CallScope {
  /** The abort signal the AI SDK gave the tool call: aborting the generation stops a fork it started. */
  abortSignal?: AbortSignal;
  /** The skill whose subagent is generating here (its tool calls run inside it too). */
  fork?: string;
}

const scope = new AsyncLocalStorage<CallScope>();

/** The scope of the code running now (empty outside any). */
export function currentScope(): CallScope {
  return scope.getStore() ?? {};
}

/** Runs `run` inside the current scope with `extra` over it. */
export function inScope<T>(extra: CallScope, run: () => T): T {
  return scope.run({ ...scope.getStore(), ...extra }, run);
}
