/**
 * @module The composer as a state machine: a key in, the next state (and what to do) out. Pure, so keys
 * that arrive together (a paste, `↓` then `Tab`) each see the state the previous one left, and every
 * step is tested without a terminal.
 */
import { completeMention, type MentionCompletion } from "@skillset/core/completion";
import type { RegistryEntry } from "@skillset/core/registry";
import {
  deleteBackward,
  deleteForward,
  insert,
  type LineState,
  moveLeft,
  moveRight,
  replaceRange,
} from "./line-editor.js";

export interface ComposeState {
  line: LineState;
  /** Selected row of the popup. */
  selected: number;
  /** The token the popup was closed on with Esc (it stays closed until the token changes). */
  closedAt?: string;
  /** Skill ids inserted, most recent first (ranked first among equals). */
  recent: string[];
}

/** The keys the composer knows (Ink's `Key`, reduced to what is used). */
export interface ComposeKey {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  meta?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
}

export type ComposeEffect = "send" | "close" | "interrupt";

export const initialComposeState: ComposeState = { line: { text: "", cursor: 0 }, selected: 0, recent: [] };

/** The popup for a state: the completion, whether it is open, and the selected row (kept in range). */
export function popupOf(state: ComposeState, entries: readonly RegistryEntry[]) {
  const completion: MentionCompletion | undefined = completeMention(
    state.line.text,
    state.line.cursor,
    entries,
    {
      recent: state.recent,
      limit: 50,
    },
  );
  const tokenKey = completion
    ? `${completion.start}:${state.line.text.slice(completion.start, state.line.cursor)}`
    : undefined;
  const open = completion !== undefined && completion.candidates.length > 0 && state.closedAt !== tokenKey;
  const candidates = open ? completion.candidates : [];
  const selected = Math.min(state.selected, Math.max(0, candidates.length - 1));
  return { completion, tokenKey, open, candidates, selected };
}

function edited(state: ComposeState, line: LineState): ComposeState {
  return { ...state, line, selected: 0 };
}

/** The next state after one key, and the effect it asks for (send the message, close, interrupt). */
export function composeKey(
  state: ComposeState,
  input: string,
  key: ComposeKey,
  entries: readonly RegistryEntry[],
): { state: ComposeState; effect?: ComposeEffect } {
  const { completion, tokenKey, open, candidates, selected } = popupOf(state, entries);
  const { line } = state;
  if (key.ctrl && input === "c") return { state, effect: "interrupt" };
  if (key.ctrl && input === "d") {
    return line.text === "" ? { state, effect: "close" } : { state: edited(state, deleteForward(line)) };
  }
  if (key.escape) return { state: tokenKey === undefined ? state : { ...state, closedAt: tokenKey } };
  if (key.upArrow || key.downArrow) {
    if (!open) return { state };
    const step = key.upArrow ? -1 : 1;
    return { state: { ...state, selected: (selected + step + candidates.length) % candidates.length } };
  }
  const chosen = candidates[selected];
  if ((key.tab || key.return) && chosen && completion) {
    return {
      state: {
        ...edited(state, replaceRange(line, completion.start, completion.end, chosen.insertText)),
        recent: [chosen.id, ...state.recent.filter((id) => id !== chosen.id)].slice(0, 20),
      },
    };
  }
  if (key.tab) return { state };
  if (key.return) return line.text.trim() === "" ? { state } : { state, effect: "send" };
  if (key.leftArrow) return { state: { ...state, line: moveLeft(line) } };
  if (key.rightArrow) return { state: { ...state, line: moveRight(line) } };
  if (key.ctrl && input === "a") return { state: { ...state, line: { ...line, cursor: 0 } } };
  if (key.ctrl && input === "e") return { state: { ...state, line: { ...line, cursor: line.text.length } } };
  if (key.backspace || key.delete) return { state: edited(state, deleteBackward(line)) };
  if (key.ctrl || key.meta || input === "") return { state };
  return { state: edited(state, insert(line, input.replace(/\r\n?/g, "\n"))) };
}
