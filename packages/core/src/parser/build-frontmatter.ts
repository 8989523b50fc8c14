/**
 * @module The raw frontmatter mapping → the typed {@link Frontmatter} of SPEC §2, coercing the obvious
 * mistakes of real skills (with a `field-type` warning) and dropping what cannot be read (with a warning
 * naming the field and the type expected).
 */
import type { DiagnosticCode } from "../model/codes.js";
import { type Diagnostic, diagnosticOf } from "../model/diagnostic.js";
import type { Frontmatter, HookSpec } from "../model/skill.js";
import { keyLineOf } from "./key-line.js";
import { splitToolList } from "./split-tool-list.js";

/** The frontmatter keys skillset reads; every other key goes to `extra`. */
export const KNOWN_FRONTMATTER_KEYS: ReadonlySet<string> = new Set([
  "name",
  "description",
  "license",
  "compatibility",
  "metadata",
  "allowed-tools",
  "disallowed-tools",
  "argument-hint",
  "arguments",
  "disable-model-invocation",
  "user-invocable",
  "user-invokable",
  "context",
  "agent",
  "model",
  "hooks",
  "globs",
  "paths",
  "alwaysApply",
  "version",
]);

/** What {@link buildFrontmatter} reads from: the mapping and, for coercions, the values as written. */
export interface FrontmatterSource {
  mapping: Record<string, unknown>;
  /** 1-based file line of each top-level key (for diagnostics). */
  keyLines?: Record<string, number>;
  /** Source text of a top-level value, e.g. `1.0` for `version: 1.0`. */
  valueSource?(key: string): string | undefined;
}

/**
 * Builds the typed frontmatter. Coercions, each with a `field-type` warning: a number or true/false where
 * text is expected is read as written (`name: 123` → "123"); a list of strings for `description` is joined;
 * `"true"`/`"false"` for a flag is read as the flag; non-string `metadata` values are stringified. Silent,
 * because the real ecosystem writes them this way: `version: 1.0` → "1.0" and `argument-hint: [issue]` →
 * "[issue]" (the YAML list syntax is the documented Claude Code form). `user-invokable` is read as
 * `user-invocable` with a `user-invokable-misspelled` warning. Null values count as absent. Never throws.
 */
export function buildFrontmatter(
  source: FrontmatterSource,
  path: string,
): { frontmatter: Frontmatter; diagnostics: Diagnostic[] } {
  const { mapping } = source;
  const read = new FieldReader(source, path);
  const frontmatter: Frontmatter = { extra: {}, raw: mapping };
  // One pass over the keys: unknown ones go to `extra`; most skills have no known key but these two.
  let moreKnownKeys = false;
  for (const key of Object.keys(mapping)) {
    if (!KNOWN_FRONTMATTER_KEYS.has(key)) frontmatter.extra[key] = mapping[key];
    else if (key !== "name" && key !== "description") moreKnownKeys = true;
  }
  const name = read.text("name");
  if (name !== undefined) frontmatter.name = name;
  const description = read.text("description");
  if (description !== undefined) frontmatter.description = description;
  if (moreKnownKeys) readKnownKeys(mapping, frontmatter, read);
  return { frontmatter, diagnostics: read.diagnostics };
}

/**
 * Reads fields of one mapping, collecting the warnings of one {@link buildFrontmatter} call. A class, not
 * closures: discovery builds thousands of frontmatters, and one object costs less than ten functions.
 */
class FieldReader {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly source: FrontmatterSource,
    private readonly path: string,
  ) {}

  /** A warning about `key`: its message a template and arguments (see `diagnosticOf`), after the file's path. */
  warn(key: string, template: string, args: readonly string[], code: DiagnosticCode = "field-type"): void {
    const line = keyLineOf(this.source.keyLines, key);
    const at = line === undefined ? { field: key } : { field: key, line };
    this.diagnostics.push(diagnosticOf("warning", code, `{path}: ${template}`, args, this.path, at));
  }

  dropped(key: string, value: unknown, expected: string): void {
    this.warn(key, "`{0}` must be {1} but is {2}; it was ignored. Write it as {1}.", [
      key,
      expected,
      describe(value),
    ]);
  }

  text(
    key: string,
    options: { scalarsSilently?: boolean; listAsWritten?: boolean } = {},
  ): string | undefined {
    const value = this.source.mapping[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
      const written = this.source.valueSource?.(key) ?? String(value);
      if (!options.scalarsSilently) {
        this.warn(key, '`{0}` is {1}; it was read as the text "{2}". Quote it: {0}: "{2}".', [
          key,
          describe(value),
          written,
        ]);
      }
      return written;
    }
    if (Array.isArray(value) && options.listAsWritten) {
      const written = this.source.valueSource?.(key);
      if (written?.startsWith("[")) return written;
    }
    if (Array.isArray(value) && key === "description" && value.every(isScalar)) {
      const joined = value.map(String).join(" ");
      this.warn(
        key,
        "`description` is a list; its items were joined into one text. Write the description as one string.",
        [],
      );
      return joined;
    }
    this.dropped(key, value, "a string");
    return undefined;
  }

  flag(key: string): boolean | undefined {
    const value = this.source.mapping[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "boolean") return value;
    if (typeof value === "string") {
      const word = value.trim().toLowerCase();
      const read =
        word === "true" || word === "yes" || word === "on"
          ? true
          : word === "false" || word === "no" || word === "off"
            ? false
            : undefined;
      if (read !== undefined) {
        this.warn(key, '`{0}` is the text "{1}"; it was read as {2}. Write it without quotes: {0}: {2}.', [
          key,
          value,
          String(read),
        ]);
        return read;
      }
    }
    this.dropped(key, value, "true or false");
    return undefined;
  }

  list(key: string, split: (text: string) => string[]): string[] | undefined {
    const value = this.source.mapping[key];
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string") return split(value);
    if (!Array.isArray(value)) {
      this.dropped(key, value, "a list or a space-separated string");
      return undefined;
    }
    const items: string[] = [];
    const odd: unknown[] = [];
    for (const item of value) {
      if (typeof item === "string") {
        const trimmed = item.trim();
        if (trimmed !== "") items.push(trimmed);
      } else if (typeof item === "number" || typeof item === "boolean") {
        items.push(String(item));
        odd.push(item);
      } else if (key === "arguments" && isRecord(item) && typeof item.name === "string") {
        items.push(item.name);
      } else {
        odd.push(item);
      }
    }
    if (odd.length > 0) {
      this.warn(
        key,
        "`{0}` has {1} item(s) that are not strings ({2}); numbers were read as text, others ignored. Write each item as a string.",
        [key, String(odd.length), odd.map(describe).join(", ")],
      );
    }
    return items;
  }
}

/** The known keys after `name` and `description`, in the order their warnings are reported. */
function readKnownKeys(mapping: Record<string, unknown>, frontmatter: Frontmatter, read: FieldReader): void {
  const set = <K extends keyof Frontmatter>(key: K, value: Frontmatter[K] | undefined) => {
    if (value !== undefined) frontmatter[key] = value;
  };
  set("license", read.text("license"));
  set("compatibility", read.text("compatibility"));
  set("metadata", readMetadata(mapping.metadata, read));
  set("allowedTools", read.list("allowed-tools", splitToolList));
  set("disallowedTools", read.list("disallowed-tools", splitToolList));
  set("argumentHint", read.text("argument-hint", { listAsWritten: true }));
  set("arguments", read.list("arguments", splitToolList));
  set("disableModelInvocation", read.flag("disable-model-invocation"));
  const invocable = read.flag("user-invocable");
  if ("user-invokable" in mapping) {
    const misspelled = read.flag("user-invokable");
    read.warn(
      "user-invokable",
      invocable === undefined
        ? "`user-invokable` is a misspelling of `user-invocable`; it was read as `user-invocable`. Rename the key."
        : "`user-invokable` is a misspelling of `user-invocable`, which is also set and wins. Remove `user-invokable`.",
      [],
      "user-invokable-misspelled",
    );
    set("userInvocable", invocable ?? misspelled);
  } else {
    set("userInvocable", invocable);
  }
  const context = read.text("context");
  if (context !== undefined) {
    const word = context.trim().toLowerCase();
    if (word === "inline" || word === "fork") frontmatter.context = word;
    else
      read.warn(
        "context",
        '`context` must be `inline` or `fork` but is "{0}"; it was ignored. Write context: fork or remove it.',
        [context],
      );
  }
  set("agent", read.text("agent"));
  set("model", read.text("model"));
  const hooks = mapping.hooks;
  if (isRecord(hooks)) frontmatter.hooks = hooks as HookSpec;
  else if (hooks !== undefined && hooks !== null)
    read.dropped("hooks", hooks, "a mapping of events to hooks");
  const splitGlobs = (value: string) =>
    value
      .split(",")
      .map((glob) => glob.trim())
      .filter((glob) => glob !== "");
  set("globs", read.list("globs", splitGlobs) ?? read.list("paths", splitGlobs));
  set("alwaysApply", read.flag("alwaysApply"));
  set("version", read.text("version", { scalarsSilently: true }));
}

function readMetadata(value: unknown, read: FieldReader): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isRecord(value)) {
    read.dropped("metadata", value, "a mapping of keys to strings");
    return undefined;
  }
  const metadata: Record<string, string> = {};
  const converted: string[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === "string") {
      metadata[key] = item;
      continue;
    }
    converted.push(key);
    if (item === null || item === undefined) metadata[key] = "";
    else if (typeof item === "object") metadata[key] = JSON.stringify(item);
    else metadata[key] = String(item);
  }
  if (converted.length > 0) {
    read.warn(
      "metadata",
      converted.length === 1
        ? "`metadata` values must be strings; {0} was converted to text. Quote them, or move nested data out of `metadata`."
        : "`metadata` values must be strings; {0} were converted to text. Quote them, or move nested data out of `metadata`.",
      [converted.map((k) => `\`${k}\``).join(", ")],
    );
  }
  return metadata;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isScalar(value: unknown): boolean {
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean";
}

/** "a list", "a number (3)", … for messages. */
function describe(value: unknown): string {
  if (value === null || value === undefined) return "empty";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "boolean") return `true/false (${value})`;
  if (typeof value === "number" || typeof value === "bigint") return `a number (${value})`;
  return `a string ("${String(value).slice(0, 40)}")`;
}
