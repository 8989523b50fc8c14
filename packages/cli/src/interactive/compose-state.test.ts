import { makeEntry } from "@skillset/core/test";
import { describe, expect, it } from "vitest";
import {
  type ComposeKey,
  type ComposeState,
  composeKey,
  initialComposeState,
  popupOf,
} from "./compose-state.js";
import { deleteBackward, insert, moveLeft, replaceRange } from "./line-editor.js";
import { splitTyped } from "./split-typed.js";
import { textWindow } from "./text-window.js";

const entries = [
  makeEntry({ skill: { name: "review-pr" } }),
  makeEntry({ skill: { name: "release-notes" } }),
  makeEntry({ skill: { name: "aleph" }, enabled: false }),
];

/** Feeds typed text and keys to the composer; returns the final state and the effects asked for. */
function feed(steps: (string | ComposeKey)[], from: ComposeState = initialComposeState) {
  let state = from;
  const effects: string[] = [];
  for (const step of steps) {
    const events = typeof step === "string" ? splitTyped(step, {}) : [{ input: "", key: step }];
    for (const event of events) {
      const next = composeKey(state, event.input, event.key, entries);
      state = next.state;
      if (next.effect) effects.push(next.effect);
    }
  }
  return { state, effects };
}

describe("composeKey", () => {
  it("opens the popup on $, selects with ↓, inserts with Tab and remembers the skill", () => {
    const { state } = feed(["ask $re", { downArrow: true }, { tab: true }, "now"]);
    expect(state.line).toEqual({ text: "ask $release-notes now", cursor: 22 });
    expect(state.recent).toEqual(["/skills/repo/release-notes/SKILL.md"]);
    expect(popupOf(state, entries).open).toBe(false);
  });

  it("closes the popup with Esc until the token changes, and Enter then sends", () => {
    const closed = feed(["$re", { escape: true }]);
    expect(popupOf(closed.state, entries).open).toBe(false);
    expect(popupOf(feed([{ leftArrow: true }, { rightArrow: true }], closed.state).state, entries).open).toBe(
      false,
    );
    expect(popupOf(feed(["v"], closed.state).state, entries).open).toBe(true);
    expect(feed(["$re", { escape: true }, { return: true }]).effects).toEqual(["send"]);
    expect(feed(["   ", { return: true }]).effects).toEqual([]);
  });

  it("treats Enter and Backspace typed in one chunk as keys", () => {
    expect(feed(["hi there\r"]).effects).toEqual(["send"]);
    expect(feed(["abc\x7f\x7fz"]).state.line.text).toBe("az");
  });

  it("ends on Ctrl-C always, on Ctrl-D only when the line is empty", () => {
    expect(feed([{ ctrl: true }]).effects).toEqual([]);
    expect(feed(["x\x03"]).effects).toEqual(["interrupt"]);
    expect(feed(["\x04"]).effects).toEqual([]);
    expect(composeKey(initialComposeState, "d", { ctrl: true }, entries).effect).toBe("close");
    const typed = feed(["ab", { leftArrow: true }]).state;
    expect(composeKey(typed, "d", { ctrl: true }, entries)).toEqual({
      state: expect.objectContaining({ line: { text: "a", cursor: 1 } }),
    });
  });

  it("copes with no skills and arrow keys without a popup", () => {
    const state = feed(["$x", { upArrow: true }, { downArrow: true }, { tab: true }]).state;
    expect(composeKey(state, "", { return: true }, []).effect).toBe("send");
  });
});

describe("line editing", () => {
  it("keeps surrogate pairs whole and spaces an inserted mention", () => {
    const line = insert({ text: "", cursor: 0 }, "a𝒜");
    expect(deleteBackward(line)).toEqual({ text: "a", cursor: 1 });
    expect(moveLeft(line).cursor).toBe(1);
    expect(replaceRange({ text: "$re and", cursor: 3 }, 0, 3, "$review-pr")).toEqual({
      text: "$review-pr and",
      cursor: 11,
    });
  });

  it("shows a window of a 100,000-character line around the cursor", () => {
    const text = `${"a".repeat(50_000)}CURSOR${"b".repeat(50_000)}`;
    const view = textWindow({ text, cursor: 50_000 }, 40, 3);
    expect(view.atCursor).toBe("C");
    expect(view.clippedStart && view.clippedEnd).toBe(true);
    expect(view.before.length + view.after.length).toBeLessThanOrEqual(120);
    expect(textWindow({ text: "", cursor: 0 }, 1, 1)).toMatchObject({ before: "", atCursor: " ", after: "" });
  });
});
