/**
 * @module Which MCP servers a person uses for skills (SPEC §16): `remotes` in their own config file
 * (`$XDG_CONFIG_HOME/skillset/config.json`), never a project's — a cloned repository must not be able to
 * make skillset connect anywhere or start a command. Labels are checked here: each is a namespace.
 */
import { configPaths, type RemoteServerConfig, readConfigFile } from "@skillset/core/config";
import type { FileSystem } from "@skillset/core/fs";
import { nodeFileSystem } from "@skillset/core/fs";
import { type Diagnostic, diagnostic } from "@skillset/core/model";

/** A label: what `label:name` starts with, so it must read as one name segment. */
const LABEL = /^[a-z0-9][a-z0-9_-]*$/i;

/** Where the person's config lives, and its environment. */
export interface RemoteConfigLocation {
  env: Record<string, string | undefined>;
  home?: string;
  fs?: FileSystem;
}

/** The servers configured, and what was wrong with the ones left out. */
export interface RemotesConfig {
  remotes: RemoteServerConfig[];
  diagnostics: Diagnostic[];
  /** The file read. */
  file: string;
}

/**
 * Reads `remotes` from the person's config file only. A server without exactly one of `url` and
 * `command`, a label that is not a name segment, or a label used twice is left out with an error.
 */
export async function readRemotesConfig(location: RemoteConfigLocation): Promise<RemotesConfig> {
  const file = configPaths({
    projectRoot: "/",
    env: location.env,
    ...(location.home === undefined ? {} : { home: location.home }),
  }).userConfig;
  const layer = await readConfigFile(file, location.fs ?? nodeFileSystem);
  const diagnostics: Diagnostic[] = [];
  const remotes: RemoteServerConfig[] = [];
  const seen = new Set<string>();
  for (const [index, server] of (layer?.remotes ?? []).entries()) {
    const where = `remotes[${index}]`;
    const refuse = (why: string) =>
      diagnostics.push(
        diagnostic("error", "remote-config-invalid", `${file}: ${where} ${why}`, file, { field: where }),
      );
    if (!LABEL.test(server.label)) {
      refuse(
        `has label ${JSON.stringify(server.label)}; a label is letters, digits, '-' and '_' (it becomes the namespace: label:name).`,
      );
    } else if (seen.has(server.label.toLowerCase())) {
      refuse(`uses the label '${server.label}' again; give each server its own label.`);
    } else if ((server.url === undefined) === (server.command === undefined)) {
      refuse(`('${server.label}') needs exactly one of \`url\` (Streamable HTTP) and \`command\` (stdio).`);
    } else if (server.url !== undefined && !/^https?:\/\//i.test(server.url)) {
      refuse(`('${server.label}') has url ${JSON.stringify(server.url)}; use an http:// or https:// URL.`);
    } else {
      seen.add(server.label.toLowerCase());
      remotes.push(server);
    }
  }
  return { remotes, diagnostics, file };
}
