#!/usr/bin/env node
// `npm run pack-all`: packs every workspace package (built) into dist-packs/, so that skillset installs
// outside this clone before its packages are published: `npm install -g ./dist-packs/*.tgz` (the packages
// find each other as siblings in the global folder), or `npm install /path/to/dist-packs/*.tgz` in a project.
// Usage: node scripts/pack-all.mjs [destination] — prints the tarballs' paths, one a line.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const repo = fileURLToPath(new URL("..", import.meta.url));

/** Every workspace package: its folder and manifest, keyed by package name. */
export function workspacePackages() {
  const byName = new Map();
  for (const folder of readdirSync(join(repo, "packages")).sort()) {
    const manifest = JSON.parse(readFileSync(join(repo, "packages", folder, "package.json"), "utf8"));
    if (!manifest.private) byName.set(manifest.name, { folder: join(repo, "packages", folder), manifest });
  }
  return byName;
}

/** Packs the packages named (all when none) into `destination`; returns the tarballs' absolute paths. */
export function packPackages(destination, names = [...workspacePackages().keys()]) {
  const packages = workspacePackages();
  mkdirSync(destination, { recursive: true });
  return names.map((name) => {
    const found = packages.get(name);
    if (!found) throw new Error(`no workspace package named ${name}`);
    const output = execFileSync("npm", ["pack", "--silent", "--pack-destination", destination], {
      cwd: found.folder,
      encoding: "utf8",
    });
    return join(destination, output.trim().split("\n").at(-1));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = resolve(process.argv[2] ?? join(repo, "dist-packs"));
  rmSync(destination, { recursive: true, force: true });
  for (const tarball of packPackages(destination)) console.log(tarball);
}
