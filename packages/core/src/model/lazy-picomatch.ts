/**
 * @module picomatch, loaded on its first call: most configurations, permission rules and skills have no
 * glob, and a start-up that never matches one skips its modules.
 */
import type picomatchType from "picomatch";
import { requireOnFirstUse } from "../fs/require-on-first-use.js";

let loaded: typeof picomatchType | undefined;

/** `picomatch(glob, options)`, the package loaded on first use. */
export function picomatch(...args: Parameters<typeof picomatchType>): ReturnType<typeof picomatchType> {
  loaded ??= requireOnFirstUse<typeof picomatchType>("picomatch");
  return loaded(...args);
}
