import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Tests run on the TypeScript sources; the aliases make `@skillset/core` resolve to src, not dist.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@skillset\/core\/schema$/, replacement: here("./packages/core/src/model/schema/index.ts") },
      { find: /^@skillset\/core\/([a-z-]+)$/, replacement: here("./packages/core/src/$1/index.ts") },
      { find: /^@skillset\/core$/, replacement: here("./packages/core/src/index.ts") },
      { find: /^@skillset\/(install|mcp|ai-sdk|remote)$/, replacement: here("./packages/$1/src/index.ts") },
    ],
  },
  test: {
    include: ["packages/*/src/**/*.test.ts"],
    // CI requires the shared corpus (SKILLSET_REQUIRE_CORPUS=1) and vercel's CLI (SKILLSET_REQUIRE_VERCEL=1):
    // a missing one fails the run, not skips.
    globalSetup: [
      here("./packages/core/src/test/require-corpus.global-setup.ts"),
      here("./packages/cli/src/testing/require-vercel.global-setup.ts"),
    ],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
  },
});
