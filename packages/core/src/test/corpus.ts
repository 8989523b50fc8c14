/**
 * @module Where the shared corpus of real skills lives (`../shared/corpus` beside the repo), for tests.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of `../shared/corpus` (override with SKILLSET_CORPUS). Same depth from src/ and dist/. */
export function corpusDir(): string {
  return (
    process.env.SKILLSET_CORPUS ?? fileURLToPath(new URL("../../../../../shared/corpus", import.meta.url))
  );
}

/**
 * Whether the corpus is there. A plain clone has no `../shared`: tests that read the corpus skip then, and
 * say why in their name (`it.skipIf(!hasCorpus())(\`… ${NEEDS_CORPUS}\`)`), so everything else still runs.
 */
export function hasCorpus(): boolean {
  return existsSync(corpusDir());
}

/**
 * Why this run must stop before any test: CI sets `SKILLSET_REQUIRE_CORPUS=1`, and there a missing corpus
 * is a broken checkout, not a plain clone, so the corpus tests must not skip. `undefined` when all is well.
 */
export function missingRequiredCorpus(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.SKILLSET_REQUIRE_CORPUS !== "1" || existsSync(corpusDir())) return undefined;
  return (
    `SKILLSET_REQUIRE_CORPUS=1 but the shared corpus is not at ${corpusDir()}: ` +
    "put ../shared beside the repository or set SKILLSET_CORPUS (unset SKILLSET_REQUIRE_CORPUS to skip its tests)"
  );
}

/** Appended to the name of a test that reads the corpus: the one line a skipped run shows. */
export const NEEDS_CORPUS = "(needs ../shared/corpus or SKILLSET_CORPUS; skipped when missing)";

/** Every `SKILL.md` (any case) under a folder, sorted, including hidden folders like `.curated`. */
export function listSkillFiles(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && entry.name.toLowerCase() === "skill.md") found.push(path);
    }
  };
  visit(dir);
  return found.sort();
}
