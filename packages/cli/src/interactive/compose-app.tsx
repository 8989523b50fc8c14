/**
 * @module The composer (`skillset compose`): a message line where `$`, `[$`, `/` or `skill://` opens a
 * popup of skills under the token; ↑/↓ select, Tab/Enter insert, Esc closes; Enter sends the message.
 * Completion is `completeMention` from core on every keystroke; editing is `line-editor.ts`.
 */
import { inertForTerminal } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { Box, Static, Text, useApp, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { displayWidth, fitWidth } from "../terminal/text-width.js";
import { type ComposeState, composeKey, initialComposeState, popupOf } from "./compose-state.js";
import { HighlightedLabel } from "./highlighted-label.js";
import { splitTyped } from "./split-typed.js";
import { textWindow } from "./text-window.js";
import { useTerminalSize } from "./use-terminal-size.js";

/** Rows of the popup. */
const POPUP_ROWS = 8;

export interface ComposeAppProps {
  entries: () => readonly RegistryEntry[];
  /** Sends a message; resolves to the lines to show. With `--print`, the app exits instead. */
  send(text: string): Promise<string[]>;
  /** `--print`: the first message sent ends the app (its text is the exit value). */
  once: boolean;
  /** Called when a key was handled (for redraw timing). */
  onKey?: () => void;
}

/** How the composer ended: the message to print (`--print`), or the reason it stopped. */
export type ComposeExit = { kind: "sent"; text: string } | { kind: "closed" } | { kind: "interrupted" };

interface Transcript {
  id: number;
  lines: string[];
}

export function ComposeApp(props: ComposeAppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  // The latest state lives in a ref: keys that arrive in one chunk are handled before React re-renders.
  const latest = useRef<ComposeState>(initialComposeState);
  const [state, setState] = useState<ComposeState>(initialComposeState);
  const [transcript, setTranscript] = useState<Transcript[]>([]);
  const [busy, setBusy] = useState(false);
  const { completion, open, candidates, selected: current } = popupOf(state, props.entries());
  const line = state.line;

  const send = (text: string) => {
    if (props.once) return exit({ kind: "sent", text } satisfies ComposeExit);
    setBusy(true);
    latest.current = { ...latest.current, line: { text: "", cursor: 0 }, selected: 0 };
    setState(latest.current);
    void props.send(text).then((lines) => {
      setTranscript((previous) => [
        ...previous,
        { id: previous.length, lines: [`> ${inertForTerminal(text)}`, ...lines] },
      ]);
      setBusy(false);
    });
  };

  // Declared after `useInput`, so it runs once raw mode is on: the hint then means keys are read.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useInput((input, key) => {
    props.onKey?.();
    for (const event of splitTyped(input, key)) {
      const { state: next, effect } = composeKey(latest.current, event.input, event.key, props.entries());
      latest.current = next;
      setState(next);
      if (effect === "interrupt") return exit({ kind: "interrupted" } satisfies ComposeExit);
      if (effect === "close") return exit({ kind: "closed" } satisfies ComposeExit);
      if (effect === "send" && !busy) send(next.line.text);
    }
  });

  const view = textWindow(line, Math.max(1, columns - 2), Math.max(1, Math.min(6, rows - POPUP_ROWS - 3)));
  const popupWidth = Math.max(1, Math.min(columns - 1, 72));
  // The popup starts under the token: its column on the (last) line the token is on.
  const tokenText =
    completion && open ? line.text.slice(view.offset, Math.max(view.offset, completion.start)) : "";
  const lastLine = tokenText.slice(tokenText.lastIndexOf("\n") + 1);
  const column = (displayWidth(lastLine) + 2 + (view.clippedStart ? 1 : 0)) % Math.max(1, columns);
  const indent = Math.max(0, Math.min(column, columns - popupWidth - 1));
  const first = Math.max(0, Math.min(current - POPUP_ROWS + 1, candidates.length - POPUP_ROWS));
  const shown = candidates.slice(first, first + POPUP_ROWS);
  const nameWidth = Math.max(1, Math.min(32, popupWidth - 4));

  return (
    <>
      <Static items={transcript}>
        {(entry) => (
          <Box key={entry.id} flexDirection="column">
            {entry.lines.map((text, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: lines of a finished turn never change
              <Text key={index}>{text}</Text>
            ))}
          </Box>
        )}
      </Static>
      <Box flexDirection="column">
        <Text>
          <Text color="cyan">{"> "}</Text>
          {view.clippedStart ? "…" : ""}
          {view.before}
          <Text inverse>{view.atCursor}</Text>
          {view.after}
          {view.clippedEnd ? "…" : ""}
        </Text>
        {open ? (
          <Box flexDirection="column" marginLeft={indent} width={popupWidth}>
            {shown.map((candidate, index) => {
              const active = first + index === current;
              const badge = `${candidate.scope}${candidate.disabled ? ", disabled" : ""}`;
              const room = popupWidth - nameWidth - 4;
              return (
                <Text
                  key={candidate.id}
                  wrap="truncate"
                  inverse={active}
                  dimColor={candidate.disabled && !active}
                >
                  {active ? "›" : " "}{" "}
                  <HighlightedLabel
                    label={candidate.label}
                    positions={candidate.positions}
                    width={nameWidth}
                  />
                  {" ".repeat(
                    Math.max(1, nameWidth - displayWidth(fitWidth(candidate.label, nameWidth)) + 1),
                  )}
                  {room > 4 ? fitWidth(`[${badge}] ${inertForTerminal(candidate.description)}`, room) : ""}
                </Text>
              );
            })}
            <Text dimColor wrap="truncate">
              {fitWidth(
                `${current + 1}/${candidates.length}  ↑↓ select · Tab/Enter insert · Esc close`,
                popupWidth,
              )}
            </Text>
          </Box>
        ) : (
          <Text dimColor wrap="truncate">
            {fitWidth(
              busy ? "resolving…" : ready ? "$ or / for skills · Enter send · Ctrl-D quit" : "",
              columns - 1,
            )}
          </Text>
        )}
      </Box>
    </>
  );
}
