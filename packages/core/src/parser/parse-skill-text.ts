/**
 * @module SKILL.md text → ParsedSkill + diagnostics (SPEC §2, §3). Pure: no disk access.
 */
import { basename, dirname } from "node:path";
import { type Diagnostic, diagnostic, prefixedByPath } from "../model/diagnostic.js";
import { normalizeDescription } from "../model/normalize-description.js";
import type { Frontmatter } from "../model/skill.js";
import { buildFrontmatter } from "./build-frontmatter.js";
import { checkCompatibility, checkDescription, checkName } from "./check-spec-fields.js";
import { detectLinkStub } from "./detect-link-stub.js";
import { firstParagraph } from "./first-paragraph.js";
import { crOnlyToLf } from "./old-mac-line-breaks.js";
import { type FrontmatterYaml, parseFrontmatterYaml } from "./parse-frontmatter-yaml.js";
import { MAX_FRONTMATTER_BYTES } from "./parse-limits.js";
import type {
  ParsedSkill,
  ParseMode,
  ParseTextOptions,
  ParseTextResult,
  SkillDocument,
} from "./parsed-skill.js";
import { resolveInvocation } from "./resolve-invocation.js";
import { type FrontmatterSplit, splitFrontmatter, splitUnopenedFrontmatter } from "./split-frontmatter.js";
import { suggestValidName } from "./suggest-valid-name.js";

/**
 * Parses the text of a SKILL.md. Returns the skill when it loads, every diagnostic, and the `document`
 * (raw mapping, key lines, body) whether it loads or not. In lenient mode (default) broken YAML is repaired,
 * a missing frontmatter falls back to the folder name and the first paragraph, a missing name to the folder
 * name, and spec-rule breaks are warnings; a missing description is an error and the skill is not loaded.
 * In strict mode there is no repair and no fallback. Never throws.
 *
 * @example
 * const { skill } = parseSkillText("---\nname: pdf\ndescription: Fill PDF forms.\n---\n", { path: "/s/pdf/SKILL.md" });
 */
export function parseSkillText(text: string, options: ParseTextOptions): ParseTextResult {
  const lines = crOnlyToLf(text);
  return parseSplitSkill(lines, splitFrontmatter(lines), options);
}

/**
 * The typed frontmatter of a SKILL.md text, as {@link parseSkillText} gives it in its `document` (lenient:
 * a missing opening `---` repaired), without the rest of the parse — no checks of the fields, nothing read
 * of the body: for a caller that needs only the fields (the audit, SPEC §17).
 */
export function readFrontmatter(text: string, path: string): Frontmatter | undefined {
  const lines = crOnlyToLf(text);
  const { yaml } = locateFrontmatter(lines, splitFrontmatter(lines), path, "lenient");
  if (yaml?.mapping === undefined) return undefined;
  const { mapping, keyLines, valueSource } = yaml;
  return buildFrontmatter({ mapping, keyLines, valueSource }, path).frontmatter;
}

/** A split with the lenient "missing opening `---`" repair applied, and the frontmatter YAML read. */
export interface LocatedFrontmatter {
  split: FrontmatterSplit;
  /** Set when the split found frontmatter. */
  yaml?: FrontmatterYaml;
  /** The opening `---` was missing and assumed (lenient). */
  unopened: boolean;
}

/**
 * Reads the frontmatter YAML of a split and, in lenient mode, recognises frontmatter that lost its
 * opening `---` (it must then be a mapping with a string `name` or `description`, or it is left as body).
 */
export function locateFrontmatter(
  text: string,
  split: FrontmatterSplit,
  path: string,
  mode: ParseMode,
): LocatedFrontmatter {
  if (split.kind === "frontmatter") {
    return {
      split,
      yaml: parseFrontmatterYaml(split.yaml, { path, line: split.yamlLine, mode }),
      unopened: false,
    };
  }
  if (split.kind === "none" && mode === "lenient") {
    const unopened = splitUnopenedFrontmatter(text);
    if (unopened !== undefined) {
      const yaml = parseFrontmatterYaml(unopened.yaml, { path, line: unopened.yamlLine, mode });
      const mapping = yaml.mapping;
      if (
        mapping !== undefined &&
        (typeof mapping.name === "string" || typeof mapping.description === "string")
      ) {
        return { split: unopened, yaml, unopened: true };
      }
    }
  }
  return { split, unopened: false };
}

/** {@link parseSkillText} after the split (lets `parseSkillFile` split a head read first). */
export function parseSplitSkill(
  text: string,
  firstSplit: FrontmatterSplit,
  options: ParseTextOptions,
): ParseTextResult {
  const { path } = options;
  const mode = options.mode ?? "lenient";
  const lenient = mode === "lenient";
  const dir = options.dir ?? dirname(path);
  const dirName = basename(dir);
  const diagnostics: Diagnostic[] = [];
  const { split, yaml, unopened } = locateFrontmatter(text, firstSplit, path, mode);
  const document: SkillDocument = {
    hasFrontmatter: split.kind === "frontmatter",
    keyLines: yaml?.keyLines ?? {},
    yamlLine: split.kind === "frontmatter" ? split.yamlLine : 0,
    bodyLine: split.kind === "frontmatter" ? split.bodyLine : 1,
    body: split.kind === "frontmatter" || split.kind === "none" ? split.body : "",
    repaired: (yaml?.repairs.length ?? 0) > 0,
  };

  if (split.kind === "too-large" || split.kind === "truncated") {
    return failed(
      document,
      diagnostic(
        "error",
        "frontmatter-too-large",
        `${path}: the frontmatter is larger than ${MAX_FRONTMATTER_BYTES / 1024} KiB (or never closed); keep it to metadata, move long text into the body, and close it with a \`---\` line.`,
        path,
        split.kind === "too-large" ? { line: split.openLine } : {},
      ),
    );
  }
  if (split.kind === "unterminated") {
    return failed(
      document,
      diagnostic(
        "error",
        "frontmatter-unterminated",
        `${path}:${split.openLine}: the frontmatter opened with \`---\` is never closed; add a line with exactly \`---\` after the last frontmatter line.`,
        path,
        { line: split.openLine },
      ),
    );
  }

  let frontmatter: Frontmatter;
  let name: string | undefined;
  let description: string | undefined;
  let nameFromFrontmatter = false;
  if (split.kind === "none") {
    const linked = detectLinkStub(split.body);
    if (lenient && linked !== undefined) {
      return failed(
        document,
        diagnostic(
          "error",
          "link-stub",
          `${path} only contains the path "${linked}" (a symbolic link checked out as a text file); replace it with a real link or a copy of the linked SKILL.md.`,
          path,
          { line: 1 },
        ),
      );
    }
    if (!lenient) {
      return failed(
        document,
        diagnostic(
          "error",
          "missing-frontmatter",
          `${path} has no frontmatter; start the file with a \`---\` line, \`name: ${dirName}\`, \`description: …\`, and a closing \`---\` line.`,
          path,
          { line: 1 },
        ),
      );
    }
    diagnostics.push(
      diagnostic(
        "warning",
        "missing-frontmatter",
        `${path} has no frontmatter; it was loaded with the folder name "${dirName}" as name and its first paragraph as description. Add a frontmatter block with \`name\` and \`description\`.`,
        path,
        { line: 1 },
      ),
    );
    frontmatter = { extra: {}, raw: {} };
    name = dirName;
    description = firstParagraph(split.body);
  } else {
    diagnostics.push(...(yaml?.diagnostics ?? []));
    if (yaml?.mapping === undefined) return { diagnostics, document };
    if (unopened) {
      diagnostics.push(
        diagnostic(
          "warning",
          "frontmatter-missing-open",
          `${path}: the frontmatter has no opening \`---\` line; it was read up to the \`---\` on line ${split.closeLine}. Add \`---\` as the first line.`,
          path,
          { line: 1 },
        ),
      );
    }
    const built = buildFrontmatter(
      { mapping: yaml.mapping, keyLines: yaml.keyLines, valueSource: yaml.valueSource },
      path,
    );
    diagnostics.push(...built.diagnostics);
    frontmatter = built.frontmatter;
    document.raw = yaml.mapping;
    document.frontmatter = frontmatter;
    name = frontmatter.name?.trim() || undefined;
    nameFromFrontmatter = name !== undefined;
    if (name === undefined) {
      if (lenient) {
        name = dirName;
        diagnostics.push(
          diagnostic(
            "warning",
            "missing-name",
            `${path}: \`name\` is missing; the folder name "${dirName}" is used. ${nameFromFolder(dirName)}`,
            path,
            { line: split.yamlLine, field: "name" },
          ),
        );
      } else {
        diagnostics.push(
          diagnostic(
            "error",
            "missing-name",
            `${path}: \`name\` is missing. ${nameFromFolder(dirName)}`,
            path,
            {
              line: split.yamlLine,
              field: "name",
            },
          ),
        );
      }
    }
    description = frontmatter.description;
  }

  const normalized = description === undefined ? "" : normalizeDescription(description);
  if (normalized === "") {
    diagnostics.push(missingDescription(path, split, document));
  }
  if (lenient && document.raw !== undefined) {
    // The spec's field rules, as strict validation reports them, as warnings: the skill still loads. A
    // missing or empty name or description was reported above (the skill loads with a fallback).
    // Like every message of this stage, each names its file first (strict output is grouped by file).
    const { raw } = document;
    const fields = { path, dirName, keyLines: document.keyLines, severity: "warning" } as const;
    const add = (found: Diagnostic[]) => {
      for (const item of found) diagnostics.push(prefixedByPath(item));
    };
    if (nameFromFrontmatter) add(checkName(raw.name, fields));
    if (normalized !== "") add(checkDescription(raw.description, fields));
    if (Object.hasOwn(raw, "compatibility")) add(checkCompatibility(raw.compatibility, fields));
  }
  if (name === undefined || normalized === "" || hasError(diagnostics)) {
    // Not loaded after all: the warning that says it was loaded with a fallback would contradict the error.
    const notLoaded =
      split.kind === "none"
        ? diagnostics.filter((found) => found.code !== "missing-frontmatter")
        : diagnostics;
    return { diagnostics: notLoaded, document };
  }
  const { openai } = options;
  const invocation = resolveInvocation(frontmatter, openai);
  const mtimeMs = options.mtimeMs ?? 0;
  const size = options.size ?? Buffer.byteLength(text, "utf8");
  const { bodyLine } = document;
  // A copy sized to its items: the list lives as long as the skill, and a grown one keeps room for 16.
  const kept = diagnostics.slice();
  // Two literals rather than a conditional spread: cheaper per skill at discovery, same key order.
  const skill: ParsedSkill =
    openai === undefined
      ? {
          name,
          description: normalized,
          frontmatter,
          invocation,
          path,
          dir,
          bodyLine,
          mtimeMs,
          size,
          diagnostics: kept,
        }
      : {
          name,
          description: normalized,
          frontmatter,
          openai,
          invocation,
          path,
          dir,
          bodyLine,
          mtimeMs,
          size,
          diagnostics: kept,
        };
  return { skill, diagnostics: kept, document };
}

/** The result of an early failure: nothing was reported before it, so its error is the only one. */
function failed(document: SkillDocument, found: Diagnostic): ParseTextResult {
  return { diagnostics: [found], document };
}

function hasError(diagnostics: readonly Diagnostic[]): boolean {
  for (const found of diagnostics) if (found.severity === "error") return true;
  return false;
}

function missingDescription(path: string, split: FrontmatterSplit, document: SkillDocument): Diagnostic {
  if (split.kind !== "frontmatter") {
    return diagnostic(
      "error",
      "missing-description",
      `${path} has no frontmatter and no paragraph to use as description, so it is not loaded; add a frontmatter block with \`name\` and \`description\`.`,
      path,
      { line: 1 },
    );
  }
  const line = document.keyLines.description;
  // `description: # Title` is a YAML comment, so the value is empty: say so, it is the common cause.
  const written = line === undefined ? undefined : split.yaml.split("\n", line - split.yamlLine + 1).at(-1);
  const comment = written !== undefined && /^description:\s+#/.test(written);
  const what =
    line === undefined
      ? "is missing"
      : comment
        ? "is empty (the text after ` #` is a YAML comment)"
        : "is empty";
  return diagnostic(
    "error",
    "missing-description",
    `${path}: \`description\` ${what}, so the skill is not loaded; add \`description: <what it does and when to use it>\`${comment ? " in quotes" : ""}.`,
    path,
    { line: line ?? split.yamlLine, field: "description" },
  );
}

/**
 * How to name a skill after its folder: `name: <folder>`, or, when the folder's name is not a valid skill
 * name (`Upper_Dir`), the valid one to use for both (`upper-dir`).
 */
function nameFromFolder(dirName: string): string {
  const valid = suggestValidName(dirName);
  if (valid === dirName) return `Add \`name: ${dirName}\` to the frontmatter.`;
  const rule = "a skill's name is lowercase letters, digits and hyphens, and its folder's name";
  if (valid === "") return `Add a \`name\` to the frontmatter and rename the folder to it (${rule}).`;
  return `Add \`name: ${valid}\` to the frontmatter and rename the folder to ${valid} (${rule}).`;
}
