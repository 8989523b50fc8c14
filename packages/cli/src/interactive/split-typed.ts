/**
 * @module Keys typed faster than they are read arrive as one chunk of text (`please\r`, `rn\x7f\x7f`),
 * which Ink hands over as a single input: this splits out Enter, Tab, Backspace, Ctrl-C and Ctrl-D, so a
 * quick typist (or a test) gets the same result as a slow one.
 */

import type { Key } from "ink";

/** Ink's key flags (any of them may be missing in a split-out event). */
export type TypedKey = Partial<Omit<Key, "eventType">>;

export interface TypedEvent {
  input: string;
  key: TypedKey;
}

/** The events in one input: text runs as typed text; `\r`, `\t`, DEL/BS, ^C and ^D as their keys. */
export function splitTyped(input: string, key: TypedKey): TypedEvent[] {
  if (input.length <= 1 || !/[\r\t\x7f\b\x03\x04]/.test(input)) return [{ input, key }];
  const events: TypedEvent[] = [];
  let run = "";
  const flush = () => {
    if (run !== "") events.push({ input: run, key: {} });
    run = "";
  };
  for (const char of input) {
    if (char === "\r") {
      flush();
      events.push({ input: "", key: { return: true } });
    } else if (char === "\x7f" || char === "\b") {
      flush();
      events.push({ input: "", key: { backspace: true } });
    } else if (char === "\t") {
      flush();
      events.push({ input: "", key: { tab: true } });
    } else if (char === "\x03" || char === "\x04") {
      flush();
      events.push({ input: char === "\x03" ? "c" : "d", key: { ctrl: true } });
    } else run += char;
  }
  flush();
  return events;
}
