/**
 * @module Frontmatter YAML → a plain mapping, with the limits of SPEC §3 and lenient repairs.
 */

import type { Document, YAMLError } from "yaml";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import { MAX_YAML_ALIAS_COUNT } from "./parse-limits.js";
import type { ParseMode } from "./parsed-skill.js";
import { readSimpleYaml, readSimpleYamlOrInvalid, type SimpleYaml } from "./read-simple-yaml.js";
import { repairYaml, type YamlRepair } from "./repair-yaml.js";
import { MAX_YAML_DEPTH, nestsDeeperThan } from "./yaml-depth.js";
import { yamlPackage } from "./yaml-package.js";

/** What the frontmatter YAML held. */
export interface FrontmatterYaml {
  /** The top-level mapping; undefined when the YAML could not be read (then `diagnostics` has an error). */
  mapping?: Record<string, unknown>;
  /** 1-based file line of each top-level key. */
  keyLines: Record<string, number>;
  /**
   * Source text of a top-level value as written, e.g. `1.0` for `version: 1.0` (which YAML reads as the
   * number 1) or `[issue]` for `argument-hint: [issue]`. Undefined for unknown keys.
   */
  valueSource(key: string): string | undefined;
  /** The YAML was rewritten by {@link repairYaml} before it parsed (lenient mode only). */
  repairs: YamlRepair[];
  diagnostics: Diagnostic[];
}

/** Where the YAML sits, for diagnostics. */
export interface FrontmatterYamlOptions {
  /** The SKILL.md path named in diagnostics. */
  path: string;
  /** 1-based file line of the first YAML line. Default 2 (just after `---`). */
  line?: number;
  /** `lenient` (default) repairs and accepts duplicate keys; `strict` reports them as errors. */
  mode?: ParseMode;
}

const noSource = () => undefined;

/**
 * Parses frontmatter YAML (YAML 1.2 core schema) into a plain mapping. Errors come back as diagnostics
 * with file line and column: `yaml-invalid`, `yaml-alias-limit` (more than {@link MAX_YAML_ALIAS_COUNT}
 * alias expansions: a "billion laughs" document is refused in microseconds), `frontmatter-not-mapping`.
 * In lenient mode a failing document is repaired once ({@link repairYaml}, warning `yaml-repaired`) and
 * duplicate keys are accepted, the last one winning as in most YAML readers (warning `yaml-duplicate-key`).
 * Empty frontmatter is an empty mapping. Never throws.
 */
export function parseFrontmatterYaml(yaml: string, options: FrontmatterYamlOptions): FrontmatterYaml {
  const { path } = options;
  const firstLine = options.line ?? 2;
  const lenient = (options.mode ?? "lenient") === "lenient";
  const diagnostics: Diagnostic[] = [];
  const failed = (d: Diagnostic): FrontmatterYaml => ({
    keyLines: {},
    valueSource: noSource,
    repairs: [],
    diagnostics: [...diagnostics, d],
  });

  let text = yaml.includes("\r") ? yaml.replaceAll("\r\n", "\n") : yaml;
  const simple = readSimpleYamlOrInvalid(text, firstLine);
  if (simple !== undefined && simple !== "invalid") return fromSimple(simple, [], diagnostics);
  // Refused before the YAML package sees it: deep nesting overflows its recursive parser.
  if (nestsDeeperThan(text)) {
    return failed(
      diagnostic(
        "error",
        "yaml-too-deep",
        `${path}:${firstLine}: the frontmatter nests more than ${MAX_YAML_DEPTH} levels deep; frontmatter holds flat metadata. Flatten it (move structured data into a file under references/).`,
        path,
        { line: firstLine },
      ),
    );
  }
  // Most repaired documents are plain again: the fast reader spares them a full parse of the repair.
  const repaired = lenient ? repairYaml(text) : undefined;
  const readRepaired = (): FrontmatterYaml | undefined => {
    if (repaired === undefined || repaired.repairs.length === 0) return undefined;
    const plain = readSimpleYaml(repaired.text, firstLine);
    if (plain === undefined) return undefined;
    diagnostics.push(repairedWarning(repaired.repairs, path, firstLine));
    return fromSimple(plain, repaired.repairs, diagnostics);
  };
  // Text the fast reader knows YAML rejects goes straight to the repair: a full parse could only fail.
  const quick = simple === "invalid" ? readRepaired() : undefined;
  if (quick !== undefined) return quick;
  let result = readYaml(text, true);
  let repairs: YamlRepair[] = [];
  if (!result.ok) {
    const original = result;
    if (original.bomb) return failed(aliasLimit(path, firstLine));
    if (!lenient) return failed(yamlInvalid(original, path, firstLine, text));
    if (!original.duplicatesOnly && repaired !== undefined) {
      if (repaired.repairs.length === 0) return failed(yamlInvalid(original, path, firstLine, text));
      const plain = simple === "invalid" ? undefined : readRepaired();
      if (plain !== undefined) return plain;
      const again = readYaml(repaired.text, true);
      if (!again.ok && !again.duplicatesOnly) return failed(yamlInvalid(original, path, firstLine, text));
      text = repaired.text;
      result = again;
      repairs = repaired.repairs;
      diagnostics.push(repairedWarning(repairs, path, firstLine));
    }
    if (!result.ok) {
      const errors = result.errors;
      const keys = errors.map((error) => duplicateKeyName(text, error));
      diagnostics.push(
        diagnostic(
          "warning",
          "yaml-duplicate-key",
          `${path}: the frontmatter repeats ${keys.map((k) => `\`${k}\``).join(", ")}; the last value is used. Remove the duplicate lines.`,
          path,
          { ...fileLine(errors[0], firstLine), field: keys[0] },
        ),
      );
      result = readYaml(text, false);
      if (!result.ok) {
        return failed(result.bomb ? aliasLimit(path, firstLine) : yamlInvalid(result, path, firstLine, text));
      }
    }
  }

  const { doc, mapping } = result;
  const { isMap, isScalar } = yamlPackage();
  const contents = doc.contents;
  if (contents !== null && !isMap(contents)) {
    const kind = isScalar(contents) ? "a single value" : "a list";
    return failed(
      diagnostic(
        "error",
        "frontmatter-not-mapping",
        `${path}: the frontmatter is ${kind}, not \`key: value\` lines; write it as a mapping, e.g. \`name: my-skill\` and \`description: …\` on their own lines.`,
        path,
        { line: firstLine },
      ),
    );
  }

  const keyLines: Record<string, number> = Object.create(null); // a `__proto__:` key is a line like any other
  const ranges = new Map<string, [number, number]>();
  if (isMap(contents)) {
    const starts = lineStarts(text);
    let lineIndex = 0;
    for (const pair of contents.items) {
      const key = pair.key;
      if (!isScalar(key) || key.range == null) continue;
      const name = String(key.value);
      // Keys come in source order, so the line search only moves forward.
      while (lineIndex + 1 < starts.length && starts[lineIndex + 1]! <= key.range[0]) lineIndex++;
      keyLines[name] = firstLine + lineIndex;
      const value = pair.value as { range?: [number, number, number] } | null;
      if (value?.range) ranges.set(name, [value.range[0], value.range[1]]);
    }
  }
  return {
    mapping,
    keyLines,
    valueSource(key) {
      const range = ranges.get(key);
      return range === undefined ? undefined : text.slice(range[0], range[1]);
    },
    repairs,
    diagnostics,
  };
}

function fromSimple(simple: SimpleYaml, repairs: YamlRepair[], diagnostics: Diagnostic[]): FrontmatterYaml {
  return {
    mapping: simple.mapping,
    keyLines: simple.keyLines,
    valueSource: simple.valueSource,
    repairs,
    diagnostics,
  };
}

type ReadResult =
  | { ok: true; doc: Document; mapping: Record<string, unknown> }
  | {
      ok: false;
      /** Parse errors (empty when the failure happened while building values). */
      errors: YAMLError[];
      /** The failure thrown while building values, e.g. an alias to no anchor. */
      thrown?: string;
      bomb: boolean;
      duplicatesOnly: boolean;
    };

/** Parses and builds the values; an empty document is an empty mapping. */
function readYaml(text: string, uniqueKeys: boolean): ReadResult {
  const doc = yamlPackage().parseDocument(text, { uniqueKeys });
  if (doc.errors.length > 0) {
    const duplicatesOnly = doc.errors.every((error) => error.code === "DUPLICATE_KEY");
    return { ok: false, errors: doc.errors, bomb: false, duplicatesOnly };
  }
  if (doc.contents === null) return { ok: true, doc, mapping: {} };
  try {
    const mapping = doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT }) as Record<string, unknown>;
    return { ok: true, doc, mapping };
  } catch (error) {
    const thrown = error instanceof Error ? error.message : String(error);
    return { ok: false, errors: [], thrown, bomb: /alias count/i.test(thrown), duplicatesOnly: false };
  }
}

function aliasLimit(path: string, firstLine: number): Diagnostic {
  return diagnostic(
    "error",
    "yaml-alias-limit",
    `${path}: the frontmatter expands YAML aliases (*name) more than ${MAX_YAML_ALIAS_COUNT} times, which is refused as a resource-exhaustion attack; write the values out instead of using anchors and aliases.`,
    path,
    { line: firstLine },
  );
}

/** The key at a DUPLICATE_KEY error's position, read from the source. */
function duplicateKeyName(text: string, error: YAMLError): string {
  const start = error.pos[0];
  const end = text.indexOf(":", start);
  const lineEnd = text.indexOf("\n", start);
  const stop =
    end === -1 || (lineEnd !== -1 && lineEnd < end) ? (lineEnd === -1 ? text.length : lineEnd) : end;
  return text.slice(start, stop).trim() || "a key";
}

function yamlInvalid(
  failure: Extract<ReadResult, { ok: false }>,
  path: string,
  firstLine: number,
  /** The text parsed, to name a repeated key. */
  text: string,
): Diagnostic {
  const error = failure.errors[0];
  const where = fileLine(error, firstLine);
  // A repeated key (strict mode, or nested where the lenient reading cannot go on) has its own fix.
  if (error?.code === "DUPLICATE_KEY") {
    const key = duplicateKeyName(text, error);
    return diagnostic(
      "error",
      "yaml-invalid",
      `${path}:${where.line ?? firstLine}: the frontmatter repeats \`${key}\` in one mapping, and a key may appear once. Remove the duplicate line.`,
      path,
      { ...where, field: key },
    );
  }
  // yaml's messages end with " at line L, column C:" and a code frame; keep only the reason.
  const message = error?.message ?? failure.thrown ?? "unreadable YAML";
  const reason = (message.split("\n", 1)[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
  return diagnostic(
    "error",
    "yaml-invalid",
    `${path}:${where.line ?? firstLine}${where.column === undefined ? "" : `:${where.column}`}: invalid YAML in frontmatter (${reason}); put values that contain \`: \`, \`#\`, or start with \`[\`, \`{\`, \`@\` or a backtick in quotes.`,
    path,
    where,
  );
}

function repairedWarning(repairs: YamlRepair[], path: string, firstLine: number): Diagnostic {
  const keys = [...new Set(repairs.map((r) => r.key).filter((k) => k !== ""))];
  const tabs = repairs.some((r) => r.kind === "tab-indent");
  const what = [
    ...(keys.length > 0 ? [`quoting ${keys.map((k) => `\`${k}\``).join(", ")}`] : []),
    ...(tabs ? ["re-indenting tab-indented lines with spaces"] : []),
  ].join(" and ");
  const fix = [
    ...(keys.length > 0 ? [`put the value in quotes, e.g. ${keys[0]}: "…"`] : []),
    ...(tabs ? ["indent with spaces"] : []),
  ].join(" and ");
  const first = repairs[0]!;
  return diagnostic(
    "warning",
    "yaml-repaired",
    `${path}: the frontmatter is not valid YAML; it was read after ${what}. To fix it, ${fix}.`,
    path,
    { line: firstLine + first.line - 1, ...(first.key === "" ? {} : { field: first.key }) },
  );
}

function fileLine(error: YAMLError | undefined, firstLine: number): { line?: number; column?: number } {
  const pos = error?.linePos?.[0];
  return pos === undefined ? { line: firstLine } : { line: firstLine + pos.line - 1, column: pos.col };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  let i = text.indexOf("\n");
  while (i !== -1) {
    starts.push(i + 1);
    i = text.indexOf("\n", i + 1);
  }
  return starts;
}
