/**
 * @module Compiling as a host does, for tests: TypeScript files in a temp folder that import the built
 * packages through the repository's node_modules (linked in), type-checked with strict settings and Node's
 * types. Not shipped (kept out of the build like the corpus helpers).
 */
import { join } from "node:path";
import ts from "typescript";

/** The compiler's diagnostics for `files`, resolved like a host's project next to `repo`'s node_modules. */
export function hostTypeErrors(files: readonly string[], repo: string): readonly ts.Diagnostic[] {
  const program = ts.createProgram([...files], {
    strict: true,
    noEmit: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: ["node"],
    typeRoots: [join(repo, "node_modules", "@types")],
    skipLibCheck: true,
  });
  return ts.getPreEmitDiagnostics(program);
}
