import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { corePackagePath } from "./core-package-path.js";
import { requireOnFirstUse } from "./require-on-first-use.js";

const require = createRequire(import.meta.url);
const vendoredYaml = corePackagePath("dist/vendor/yaml.cjs");

describe("requireOnFirstUse", () => {
  it.skipIf(!existsSync(vendoredYaml))(
    "gives the copy the build bundled into dist/vendor (needs `npm run build`; skipped without it)",
    () => {
      const yaml = requireOnFirstUse<typeof import("yaml")>("yaml");
      expect(yaml).toBe(require(vendoredYaml));
      expect(yaml).not.toBe(require("yaml"));
      expect(yaml.parse("a: [1, 2]")).toEqual({ a: [1, 2] });
    },
  );

  it("gives the installed package when the build bundled no copy of it", () => {
    expect(existsSync(corePackagePath("dist/vendor/proper-lockfile.cjs"))).toBe(false);
    expect(requireOnFirstUse("proper-lockfile")).toBe(require("proper-lockfile"));
  });
});
