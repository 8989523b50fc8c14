/**
 * @module One list of diagnostics from several: two stages that read the same file (the registry and the
 * policy both read the state files) report one finding once.
 */
import type { Diagnostic } from "./diagnostic.js";

function diagnosticKey(found: Diagnostic): string {
  return `${found.severity}\u0000${found.code}\u0000${found.path}\u0000${found.line ?? ""}\u0000${found.message}`;
}

/** Concatenates diagnostic lists, keeping the first of identical findings. */
export function mergeDiagnostics(...lists: readonly (readonly Diagnostic[])[]): Diagnostic[] {
  // Usually at most one list has findings: a plain copy, without building the list of lists.
  let filled: readonly Diagnostic[] | undefined;
  let count = 0;
  for (const list of lists) {
    if (list.length === 0) continue;
    filled = list;
    count++;
  }
  if (count <= 1) return filled === undefined ? [] : [...filled];
  const seen = new Set<string>();
  const merged: Diagnostic[] = [];
  for (const list of lists) {
    for (const found of list) {
      const key = diagnosticKey(found);
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(found);
    }
  }
  return merged;
}
