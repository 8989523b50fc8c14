/**
 * @module Module hooks that hand the conformance suite `fs-glob-shim.mjs` when it imports `fs` (see
 * there). Registered with `node --import ./scripts/conformance/fs-glob-register.mjs`.
 */
const SHIM = new URL("./fs-glob-shim.mjs", import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (
    (specifier === "fs" || specifier === "node:fs") &&
    context.parentURL?.includes("/@modelcontextprotocol/conformance/")
  ) {
    return { url: SHIM, shortCircuit: true };
  }
  return next(specifier, context);
}
