/**
 * @module Fetches a git source: a shallow clone of one ref (sparse when only a sub-folder is wanted).
 */
import { SkillsetError } from "@skillset/core/model";
import { runGit } from "./run-git.js";
import type { SourceSpec } from "./source-spec.js";

export interface FetchedTree {
  /** The folder holding the source's files. */
  root: string;
  /** The commit (git) or final URL (HTTP) fetched, for the lock. */
  resolved: string;
}

const FULL_COMMIT = /^[0-9a-f]{40}$/i;

/** Clones `spec` into the empty folder `into` (shallow, one ref) and returns the commit it checked out. */
export async function fetchGit(
  spec: SourceSpec,
  into: string,
  options: { timeoutMs: number; env: Record<string, string | undefined> },
): Promise<FetchedTree> {
  const run = (args: string[], cwd?: string) => runGit(args, { ...options, ...(cwd ? { cwd } : {}) });
  const sparse = spec.subpath !== undefined;
  try {
    if (spec.ref && FULL_COMMIT.test(spec.ref)) {
      await run(["init", "--quiet", into]);
      await run(["remote", "add", "origin", spec.location], into);
      await run(["fetch", "--quiet", "--depth", "1", "--no-tags", "origin", spec.ref], into);
      if (sparse) await run(["sparse-checkout", "set", "--no-cone", `/${spec.subpath}`], into);
      await run(["checkout", "--quiet", "FETCH_HEAD"], into);
    } else {
      const clone = ["clone", "--quiet", "--depth", "1", "--single-branch", "--no-tags"];
      if (spec.ref) clone.push("--branch", spec.ref);
      if (sparse) clone.push("--no-checkout");
      await run([...clone, "--", spec.location, into]);
      if (sparse) {
        await run(["sparse-checkout", "set", "--no-cone", `/${spec.subpath}`], into);
        await run(["checkout", "--quiet"], into);
      }
    }
  } catch (error) {
    throw explain(error, spec);
  }
  const resolved = (await run(["rev-parse", "HEAD"], into)).trim();
  return { root: into, resolved };
}

/** Rewrites git's message for the common failures: a missing ref, an unreachable or missing repository. */
function explain(error: unknown, spec: SourceSpec): unknown {
  if (!SkillsetError.isInstance(error)) return error;
  const message = error.message;
  if (
    spec.ref &&
    /not found in upstream|couldn't find remote ref|not our ref|unadvertised object/i.test(message)
  )
    return new SkillsetError(
      "install-ref-not-found",
      `The ref ${JSON.stringify(spec.ref)} does not exist in ${spec.location}. Check the branch, tag or commit name.`,
      { cause: error },
    );
  if (/timed out/.test(message))
    return new SkillsetError(
      "install-unreachable",
      `${spec.location}: ${message}. Check the address and your network.`,
      {
        cause: error,
      },
    );
  if (
    /does not appear to be a git repository|not found|Could not read from remote|Could not resolve|Connection refused|Failed to connect|unable to access/i.test(
      message,
    )
  )
    return new SkillsetError(
      "install-unreachable",
      `Cannot fetch ${spec.location}: ${message.replace(/^git \w+ failed: /, "")}`,
      { cause: error },
    );
  return error;
}
