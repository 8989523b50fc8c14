/**
 * @module The `yaml` package, loaded on first use. Most frontmatter is read by the fast subset reader and
 * never needs it, and loading it at import costs every CLI start-up tens of milliseconds. On Node the
 * package's entry is CommonJS, so `require` gives the very module an `import` would (`requireOnFirstUse`).
 */
import { requireOnFirstUse } from "../fs/require-on-first-use.js";

type YamlPackage = typeof import("yaml");

let loaded: YamlPackage | undefined;

/** The `yaml` package (loaded on the first call). */
export function yamlPackage(): YamlPackage {
  loaded ??= requireOnFirstUse<YamlPackage>("yaml");
  return loaded;
}
