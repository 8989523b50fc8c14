/**
 * @module Recovers what it can from a damaged `state.json` (e.g. truncated by a full disk or an editor
 * crash), so that a corrupt file never loses the settings still legible in it (SPEC §15).
 */
import { normalizeState } from "./normalize-state.js";
import { permissionAnswerSchema, type SkillsetState } from "./state-schema.js";

/**
 * Every non-empty string still readable in the `disabled` and `enabled` lists of `text`: from the parsed
 * value when the JSON is whole, else by scanning the text up to where it breaks off. A list written as a
 * single string (`"disabled": "pdf"`) counts as a list of that one name: the file is still damaged (the
 * schema wants a list), but the setting in it is plain.
 */
export function salvageState(text: string): SkillsetState {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
    if (typeof value === "object" && value !== null && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      return normalizeState({
        version: 1,
        disabled: strings(record.disabled),
        enabled: strings(record.enabled),
        answers: answers(record.answers),
      });
    }
    return normalizeState({ version: 1, disabled: [], enabled: [] });
  } catch {
    return normalizeState({
      version: 1,
      disabled: scanList(text, "disabled"),
      enabled: scanList(text, "enabled"),
    });
  }
}

function answers(value: unknown): SkillsetState["answers"] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const checked = permissionAnswerSchema.check(item);
    return checked.ok ? [checked.value] : [];
  });
}

function strings(value: unknown): string[] {
  const items = typeof value === "string" ? [value] : Array.isArray(value) ? value : [];
  return items.filter((item): item is string => typeof item === "string" && item !== "");
}

/** What a JSON string literal means, or undefined when it is none (say, a broken escape). */
function parsedString(literal: string | undefined): unknown {
  if (literal === undefined) return undefined;
  try {
    return JSON.parse(literal);
  } catch {
    return undefined;
  }
}

/**
 * Reads the complete string items of `"<key>": [ … ` until the list ends or the text breaks off, or the
 * one string of `"<key>": "…"` when it is complete.
 */
function scanList(text: string, key: string): string[] {
  const start = new RegExp(`"${key}"\\s*:\\s*(\\[|(?="))`).exec(text);
  if (!start) return [];
  const from = start.index + start[0].length;
  if (start[1] !== "[") {
    const one = /"(?:[^"\\\n]|\\.)*"/y;
    one.lastIndex = from;
    return strings(parsedString(one.exec(text)?.[0]));
  }
  const item = /\s*("(?:[^"\\\n]|\\.)*")\s*(,|\])?/y;
  item.lastIndex = from;
  const found: string[] = [];
  for (let match = item.exec(text); match; match = item.exec(text)) {
    const value = parsedString(match[1]);
    if (typeof value !== "string") break;
    if (value !== "") found.push(value);
    if (match[2] !== ",") break;
  }
  return found;
}
