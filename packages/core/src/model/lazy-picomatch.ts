/**
 * @module picomatch, loaded on its first call: most configurations, permission rules and skills have no
 * glob, and a start-up that never matches one skips its modules.
 */
import { createRequire } from "node:module";
import type picomatchType from "picomatch";

let loaded: typeof picomatchType | undefined;

/** `picomatch(glob, options)`, the package loaded on first use. */
export function picomatch(...args: Parameters<typeof picomatchType>): ReturnType<typeof picomatchType> {
  loaded ??= createRequire(import.meta.url)("picomatch") as typeof picomatchType;
  return loaded(...args);
}
