/**
 * @module The picker (`skillset pick`): a query line, the matching skills (name, scope badge,
 * description) and a preview of the selected SKILL.md. ↑/↓ select, Enter chooses, Tab enables or
 * disables the selected skill, Esc or Ctrl-C cancels. Ranking is core's `rankSkills`.
 */
import { readFileSync } from "node:fs";
import { rankSkills } from "@skillset/core/completion";
import { inertForTerminal } from "@skillset/core/model";
import type { RegistryEntry } from "@skillset/core/registry";
import { Box, Text, useApp, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { displayWidth, fitWidth } from "../terminal/text-width.js";
import { HighlightedLabel } from "./highlighted-label.js";
import { deleteBackward, insert, type LineState } from "./line-editor.js";
import { isSideBySide, pickLayout } from "./pick-layout.js";
import { splitTyped, type TypedKey } from "./split-typed.js";
import { useTerminalSize } from "./use-terminal-size.js";

/** Most skills listed for a query. */
const LIST_LIMIT = 500;
/** Bytes of SKILL.md read for the preview. */
const PREVIEW_BYTES = 16_384;

export type PickExit =
  | { kind: "chosen"; entry: RegistryEntry }
  | { kind: "cancelled" }
  | { kind: "interrupted" };

export interface PickAppProps {
  entries: () => readonly RegistryEntry[];
  initialQuery: string;
  /** Switches a skill on or off (through the state store); resolves to a line to show. */
  toggle(entry: RegistryEntry): Promise<string>;
}

const previews = new Map<string, string[]>();

/** The first lines of a SKILL.md, inert, for the preview pane. */
function previewLines(path: string): string[] {
  const known = previews.get(path);
  if (known) return known;
  let text: string;
  try {
    text = readFileSync(path).subarray(0, PREVIEW_BYTES).toString("utf8");
  } catch (error) {
    text = `(cannot read ${path}: ${(error as Error).message})`;
  }
  const lines = text.split(/\r?\n/).map((line) => inertForTerminal(line.replaceAll("\t", "  ")));
  previews.set(path, lines);
  return lines;
}

interface PickState {
  query: LineState;
  selected: number;
}

export function PickApp(props: PickAppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize();
  const start: PickState = {
    query: { text: props.initialQuery, cursor: props.initialQuery.length },
    selected: 0,
  };
  const latest = useRef<PickState>(start);
  const [state, setState] = useState<PickState>(start);
  const [status, setStatus] = useState("");
  const [, setVersion] = useState(0);
  const [ready, setReady] = useState(false);
  const ranked = rankSkills(props.entries(), state.query.text, { limit: LIST_LIMIT });
  const selected = Math.min(state.selected, Math.max(0, ranked.length - 1));

  /** One key: the next state, or the app's end. */
  const step = (input: string, key: TypedKey): boolean => {
    const current = latest.current;
    const list = rankSkills(props.entries(), current.query.text, { limit: LIST_LIMIT });
    const at = Math.min(current.selected, Math.max(0, list.length - 1));
    let next = current;
    if (key.ctrl && input === "c") {
      exit({ kind: "interrupted" } satisfies PickExit);
      return false;
    }
    if (key.escape || (key.ctrl && input === "d" && current.query.text === "")) {
      exit({ kind: "cancelled" } satisfies PickExit);
      return false;
    }
    if (key.return) {
      const chosen = list[at];
      if (chosen) exit({ kind: "chosen", entry: chosen.entry } satisfies PickExit);
      return !chosen;
    }
    if (key.upArrow) next = { ...current, selected: list.length ? (at - 1 + list.length) % list.length : 0 };
    else if (key.downArrow) next = { ...current, selected: list.length ? (at + 1) % list.length : 0 };
    else if (key.tab || (key.ctrl && input === "t")) {
      const target = list[at];
      if (target) {
        void props.toggle(target.entry).then((line) => {
          setStatus(line);
          setVersion((version) => version + 1);
        });
      }
    } else if (key.backspace || key.delete) next = { query: deleteBackward(current.query), selected: 0 };
    else if (!key.ctrl && !key.meta && input !== "" && !key.leftArrow && !key.rightArrow) {
      next = { query: insert(current.query, input.replace(/[\r\n]+/g, " ")), selected: 0 };
    }
    latest.current = next;
    setState(next);
    return true;
  };

  useInput((input, key) => {
    for (const event of splitTyped(input, key)) if (!step(event.input, event.key)) return;
  });

  // After `useInput`'s own effect: raw mode is on once the help line shows.
  useEffect(() => setReady(true), []);

  const wide = isSideBySide(columns);
  const listRows = Math.max(1, wide ? rows - 3 : Math.floor((rows - 3) / 2));
  const first = Math.max(0, Math.min(selected - listRows + 1, ranked.length - listRows));
  const shown = ranked.slice(first, first + listRows);
  const { listWidth, previewWidth, nameWidth, detailWidth } = pickLayout(
    columns,
    shown.map((skill) => displayWidth(inertForTerminal(skill.label))),
  );
  const chosen = ranked[selected];
  const preview = chosen ? previewLines(chosen.entry.skill.path) : [];
  const previewRows = Math.max(1, wide ? rows - 3 : rows - listRows - 3);

  const list = (
    <Box flexDirection="column" width={listWidth}>
      {shown.length === 0 ? <Text dimColor>{fitWidth("no skill matches", listWidth)}</Text> : null}
      {shown.map((skill, index) => {
        const active = first + index === selected;
        const badge = `[${skill.entry.skill.scope}${skill.entry.enabled ? "" : ", disabled"}]`;
        return (
          <Text
            key={skill.entry.skill.id}
            wrap="truncate"
            inverse={active}
            dimColor={!skill.entry.enabled && !active}
          >
            {active ? "›" : " "}{" "}
            <HighlightedLabel label={skill.label} positions={skill.positions} width={nameWidth} />
            {" ".repeat(Math.max(1, nameWidth - displayWidth(fitWidth(skill.label, nameWidth)) + 1))}
            {detailWidth > 3
              ? fitWidth(`${badge} ${inertForTerminal(skill.entry.skill.description)}`, detailWidth)
              : ""}
          </Text>
        );
      })}
    </Box>
  );
  const previewPane = (
    <Box flexDirection="column" width={previewWidth} marginLeft={wide ? 2 : 0}>
      {preview.slice(0, previewRows).map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a preview's lines never reorder
        <Text key={index} wrap="truncate" dimColor>
          {fitWidth(text, previewWidth) || " "}
        </Text>
      ))}
    </Box>
  );
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text color="cyan">{"pick> "}</Text>
        {fitWidth(inertForTerminal(state.query.text), Math.max(1, columns - 8))}
        <Text inverse> </Text>
      </Text>
      <Box flexDirection={wide ? "row" : "column"}>
        {list}
        {previewPane}
      </Box>
      <Text dimColor wrap="truncate">
        {fitWidth(
          status ||
            (ready
              ? `${ranked.length} skill${ranked.length === 1 ? "" : "s"} · ↑↓ · Enter choose · Tab enable/disable · Esc cancel`
              : ""),
          Math.max(1, columns - 1),
        )}
      </Text>
    </Box>
  );
}
