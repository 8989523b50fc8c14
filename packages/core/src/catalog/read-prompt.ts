/**
 * @module The texts the model reads live in `packages/core/prompts/` (STYLE 10), not in code. They are
 * read on first use — never at import — and cached, from the package folder (`corePackagePath`), so the
 * sources (tests) and the bundle read the same files.
 */
import { corePackagePath } from "../fs/core-package-path.js";
import { nodeFs } from "../fs/node-builtin.js";

const { readFileSync } = nodeFs;

/** The name of a file in `packages/core/prompts/`, e.g. `catalog-omitted.md`. */
export type PromptName = `${string}.md`;

const cache = new Map<PromptName, string>();

/**
 * The text of a prompt file, without its trailing newline(s). Throws if the package is incomplete.
 * Every stage that gives a model text reads it through here (the loader and the tools too).
 */
export function readPrompt(name: PromptName): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(corePackagePath(`prompts/${name}`), "utf8")
      .replace(/\r\n/g, "\n")
      .replace(/\n+$/, "");
    cache.set(name, text);
  }
  return text;
}

/**
 * The note that ends a catalog from which `count` skills were left out (SPEC §7): how many, and that
 * `skill_search` finds them. Empty when nothing was left out.
 */
export function omittedNote(count: number): string {
  if (count <= 0) return "";
  return readPrompt("catalog-omitted.md")
    .replaceAll("{count}", String(count))
    .replaceAll("{skills}", count === 1 ? "skill" : "skills");
}

/**
 * The prompt `name` with each `{key}` replaced by `values[key]`, in one pass: a value that itself holds
 * `{key}` (a skill body, say) is never filled again. Unknown keys stay as written.
 * @example fillPrompt("skill-reloaded.md", { name: "pdf", path: "/s/pdf/SKILL.md" })
 */
export function fillPrompt(name: PromptName, values: Readonly<Record<string, string>>): string {
  return readPrompt(name).replace(/\{(\w+)\}/g, (match, key: string) =>
    Object.hasOwn(values, key) ? (values[key] as string) : match,
  );
}
