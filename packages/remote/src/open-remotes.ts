/**
 * @module Opening the person's configured remotes (SPEC §16) for a registry: one source per server,
 * nothing connected until the registry lists them, all closed together.
 */
import type { Diagnostic } from "@skillset/core/model";
import { connectRemote } from "./connect-remote.js";
import { remoteCacheDir } from "./remote-cache.js";
import { type RemoteConfigLocation, readRemotesConfig } from "./remote-config.js";
import { createRemoteSource, type RemoteSource } from "./remote-source.js";

/** The sources of every configured server. */
export interface OpenedRemotes {
  sources: RemoteSource[];
  /** Problems with the config's `remotes` (servers left out). */
  diagnostics: Diagnostic[];
  /** Closes every connection (and stops every stdio server started). */
  close(): Promise<void>;
}

/** Reads `remotes` from the person's config and makes a source of each (none configured: none). */
export async function openRemotes(
  location: RemoteConfigLocation & { cacheDir?: string },
): Promise<OpenedRemotes> {
  const { remotes, diagnostics } = await readRemotesConfig(location);
  const cacheDir = location.cacheDir ?? remoteCacheDir(location.env, location.home);
  const sources = remotes.map((server) =>
    createRemoteSource(server, {
      env: location.env,
      ...(location.home === undefined ? {} : { home: location.home }),
      cacheDir,
      connect: (config) => connectRemote(config),
    }),
  );
  return {
    sources,
    diagnostics,
    close: async () => {
      await Promise.all(sources.map((source) => source.close()));
    },
  };
}
