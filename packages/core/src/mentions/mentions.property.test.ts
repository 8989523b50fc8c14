import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeEntry } from "../test/make-skill.js";
import { type ResolveMentionsOptions, resolveMentions } from "./resolve-mentions.js";
import { scanMentions } from "./scan-mentions.js";

const entries = [
  makeEntry({ skill: { name: "pdf" } }),
  makeEntry({ skill: { name: "pdf", namespace: "docs", scope: "plugin" } }),
  makeEntry({ skill: { name: "tdd" } }),
  makeEntry({ skill: { name: "a" } }),
  makeEntry({ skill: { name: "code-review" } }),
  makeEntry({ skill: { name: "aleph" }, enabled: false }),
  makeEntry({ skill: { name: "model-only", invocation: { model: true, user: false } } }),
  makeEntry({ skill: { name: "deploy", dir: "/s/one/deploy" }, status: "ambiguous" }),
  makeEntry({ skill: { name: "deploy", dir: "/s/two/deploy" }, status: "ambiguous" }),
  makeEntry({ skill: { name: "naïve-ünïcode" } }),
];

/** Pieces that make mentions, code and near-misses likely, mixed with arbitrary (also invalid UTF-16) text. */
const piece = fc.oneof(
  fc.constantFrom(
    "$",
    "$$",
    "$pdf",
    "$docs:pdf",
    "$tdd",
    "$a",
    "$aleph",
    "$model-only",
    "$deploy",
    "$naïve-ünïcode",
    "$PATH",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell syntax that must not be a mention
    "${HOME}",
    "/pdf ",
    "/skill:tdd ",
    "[",
    "]",
    "(",
    ")",
    "<",
    ">",
    "[$pdf](",
    "/skills/repo/pdf/SKILL.md",
    "/s/one/deploy",
    "skill://",
    "skill://pdf/x.md",
    "`",
    "``",
    "```",
    "~~~",
    "\n",
    "\n\n",
    " ",
    "\t",
    ":",
    "-",
    ".",
    "\\",
    "\ud800",
    "\udc00",
  ),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.string({ unit: "grapheme", maxLength: 6 }),
);
const text = fc.array(piece, { maxLength: 40 }).map((pieces) => pieces.join(""));
const options = fc.record({
  source: fc.constantFrom("user" as const, "palette" as const, "model" as const),
  config: fc.record({ composition: fc.boolean(), hostCommands: fc.constantFrom<string[]>([], ["pdf"]) }),
  cwd: fc.constantFrom(undefined, "/", "/skills/repo"),
});

/** Whether the text names `skill` after a sigil or links to its files. */
function named(input: string, skill: { name: string; qualifiedName: string; path: string; dir: string }) {
  const ids = [skill.name, skill.qualifiedName];
  return (
    ids.some((id) => ["$", "/", "/skill:", "skill://"].some((sigil) => input.includes(`${sigil}${id}`))) ||
    input.includes(skill.dir) ||
    input.includes(skill.path.slice(skill.path.lastIndexOf("/")))
  );
}

describe("mentions: properties", () => {
  it("never throws, and every mention is an in-order slice of the text", () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: "binary" })), (input) => {
        const mentions = scanMentions(input);
        let last = 0;
        for (const mention of mentions) {
          expect(mention.start).toBeGreaterThanOrEqual(last);
          expect(mention.end).toBeGreaterThan(mention.start);
          expect(input.slice(mention.start, mention.end)).toBe(mention.raw);
          last = mention.end;
        }
      }),
      { numRuns: 400 },
    );
  });

  it("never activates a skill that the text does not name after $, / or in a link", () => {
    fc.assert(
      fc.property(text, options, (input, extra) => {
        const turn = resolveMentions(input, entries, extra as ResolveMentionsOptions);
        for (const { skill, mention } of turn.activations) {
          expect(named(input, skill)).toBe(true);
          expect(input.slice(mention.start, mention.end)).toBe(mention.raw);
        }
        const ids = turn.activations.map(({ skill }) => skill.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(turn.visibleLines).toHaveLength(turn.activations.length);
      }),
      { numRuns: 400 },
    );
  });

  it("never activates a disabled, ambiguous or non-invocable skill, nor more than one without composition", () => {
    fc.assert(
      fc.property(text, options, (input, extra) => {
        const turn = resolveMentions(input, entries, extra as ResolveMentionsOptions);
        for (const { skill } of turn.activations) {
          expect(["aleph", "deploy"]).not.toContain(skill.name);
          if (extra.source !== "model") expect(skill.name).not.toBe("model-only");
        }
        if (!extra.config.composition) expect(turn.activations.length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });

  it("passes the text on unchanged when nothing activates", () => {
    fc.assert(
      fc.property(text, options, (input, extra) => {
        const turn = resolveMentions(input, entries, extra as ResolveMentionsOptions);
        if (turn.activations.length === 0) expect(turn.task).toBe(input);
      }),
      { numRuns: 300 },
    );
  });

  it("finds nothing after an unterminated fence at the start", () => {
    fc.assert(
      fc.property(text, (input) => {
        expect(scanMentions(`~~~\n${input.replaceAll("~", "")}`)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
