/**
 * @module Test fixture: what vercel's `skills` CLI (1.7.4) does for one skill, written from its code and
 * kept independent of skillset's: the project lock's `computedHash` (over the *source* folder: regular
 * files only, so links are skipped; `.git` and `node_modules` left out; sorted by `localeCompare` of the
 * `/`-joined path; SHA-256 over path then bytes of each), and its copy into `.agents/skills/<name>` (links
 * followed, `metadata.json`, `.git`, `__pycache__` and `__pypackages__` left out).
 */
import { createHash } from "node:crypto";
import { cpSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** vercel's `computedHash` of the folder `dir`. */
export function vercelComputedHash(dir: string): string {
  const files: Array<{ relativePath: string; content: Buffer }> = [];
  const collect = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== ".git" && entry.name !== "node_modules") collect(full);
      } else if (entry.isFile()) {
        files.push({ relativePath: relative(dir, full).split("\\").join("/"), content: readFileSync(full) });
      }
    }
  };
  collect(dir);
  files.sort((a, b) => a.relativePath.localeCompare(b.relativePath));
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(file.relativePath);
    hash.update(file.content);
  }
  return hash.digest("hex");
}

/** vercel's copy of the skill folder `source` to `target`. */
export function vercelCopy(source: string, target: string): void {
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (entry.name === "metadata.json" && !entry.isDirectory()) continue;
    if (entry.isDirectory() && [".git", "__pycache__", "__pypackages__"].includes(entry.name)) continue;
    if (entry.isDirectory()) vercelCopy(join(source, entry.name), join(target, entry.name));
    else cpSync(join(source, entry.name), join(target, entry.name), { dereference: true, recursive: true });
  }
}
