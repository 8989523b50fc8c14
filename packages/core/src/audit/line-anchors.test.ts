import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { corpusDir, hasCorpus, NEEDS_CORPUS } from "../test/corpus.js";
import "./audit-rules.js";
import { anchorGroup, anchorGroups, INVISIBLE_GROUP, lineHas, markLines, WORDS } from "./line-anchors.js";
import { dumpsEnvironment, readsCredentials } from "./rules/secrets.js";
import { CREDENTIAL_ANCHORS, ENV_ANCHORS } from "./rules/signals.js";

const CURL = anchorGroup(["curl", "/dev/tcp/"]);
const NETCAT = anchorGroup(["nc -"]);

describe("markLines", () => {
  it("marks the lines that hold an anchor, whatever the case of ASCII letters", () => {
    const marks = markLines("echo hi\nCURL -s x\nnothing\n  exec 3<>/DEV/TCP/h/1").marks;
    expect([0, 1, 2, 3].map((line) => lineHas(marks, line, CURL))).toEqual([false, true, false, true]);
  });

  it("finds anchors inside others and at the very end, but not across a line break or a non-ASCII letter", () => {
    const marks = markLines("xcurlx\ncur\nl\ncu\u0280l\ncurl").marks;
    expect([0, 1, 2, 3, 4].map((line) => lineHas(marks, line, CURL))).toEqual([
      true,
      false,
      false,
      false,
      true,
    ]);
  });

  it("reads a space in an anchor as any white space, as \\s does", () => {
    const marks = markLines("nc -l\nnc\t-l\nnc\u00a0-l\nnc\ufeff-l\nnc\u3000-l\nnc-l\nnc\u00e9-l").marks;
    expect([0, 1, 2, 3, 4, 5, 6].map((line) => lineHas(marks, line, NETCAT))).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(lineHas(marks, 3, INVISIBLE_GROUP)).toBe(true);
  });

  it("marks lines with a character no reader sees", () => {
    const marks = markLines("plain\nzero\u200bwidth\n\u{e0041}tag\nbidi\u202e").marks;
    expect([0, 1, 2, 3].map((line) => lineHas(marks, line, INVISIBLE_GROUP))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it("records where each line starts, for a text longer than its first scratch space too", () => {
    const text = `a\n\nbc\n${"x\n".repeat(20_000)}curl`;
    const { starts, marks } = markLines(text);
    const lines = text.split("\n");
    expect(starts.length - 1).toBe(lines.length);
    expect(marks.length).toBe(lines.length * WORDS);
    expect(lines.every((line, index) => text.slice(starts[index], starts[index + 1]! - 1) === line)).toBe(
      true,
    );
    expect([0, lines.length - 2, lines.length - 1].map((line) => lineHas(marks, line, CURL))).toEqual([
      false,
      false,
      true,
    ]);
  });

  it("refuses an anchor its case folding could not find", () => {
    expect(() => anchorGroup(["Curl"])).toThrow(/lowercase printable ASCII/);
    expect(() => anchorGroup(["ü"])).toThrow(/lowercase printable ASCII/);
  });
});

/** Every text file under `dir` (a bounded walk: the fixtures and the corpus are plain trees). */
function textFiles(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && statSync(path).size < 1024 * 1024) found.push(path);
    }
  };
  visit(dir);
  return found;
}

/**
 * The lines where a rule's pattern matches but its anchors are missing: a finding the one-pass scan would
 * lose. Each distinct line is checked once against every group's guards.
 */
function unanchored(files: readonly string[]): string[] {
  const checks = anchorGroups().flatMap((group) => group.guards.map((guard) => ({ group, guard })));
  checks.push(
    { group: CREDENTIAL_ANCHORS, guard: readsCredentials },
    { group: ENV_ANCHORS, guard: dumpsEnvironment },
  );
  const seen = new Set<string>();
  const missed: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    if (text.includes("\u0000")) continue;
    for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
      if (seen.has(line)) continue;
      seen.add(line);
      const marks = markLines(line).marks;
      for (const { group, guard } of checks) {
        if (lineHas(marks, 0, group)) continue;
        const matches = typeof guard === "function" ? guard(line) : guard.test(line);
        if (matches) missed.push(`[${group.anchors.slice(0, 3).join(",")}…] ${line.slice(0, 120)}`);
      }
    }
  }
  return missed;
}

describe("every rule's anchors are on every line its patterns match", () => {
  it("over the labelled suite", () => {
    const fixtures = fileURLToPath(new URL("fixtures", import.meta.url));
    expect(unanchored(textFiles(fixtures))).toEqual([]);
  });

  it.skipIf(!hasCorpus())(`over the corpus ${NEEDS_CORPUS}`, { timeout: 300_000 }, () => {
    expect(unanchored(textFiles(corpusDir()))).toEqual([]);
  });
});
