/**
 * @module The remote-skills package (SPEC §16). Like `@skillset/mcp`, it is an optional peer of the CLI:
 * the MCP client would more than double the CLI's install, and only people who configure `remotes` need it.
 */
import { UsageError } from "./command.js";

/** What to say when it is missing. */
export const REMOTE_PACKAGE_MISSING =
  "remote skills need the package @skillset/remote, which is not installed beside skillset: install the packed packages together (in a skillset clone: npm run pack-all, then npm install -g ./dist-packs/*.tgz; README, Install)";

/** Loads `@skillset/remote`; a missing one is a usage error that says what to install. */
export async function importRemote(): Promise<typeof import("@skillset/remote")> {
  try {
    return await import("@skillset/remote");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(REMOTE_PACKAGE_MISSING);
  }
}
