/**
 * @module Options merged once: HOME, the admin prefix and the file system every roots helper shares.
 */
import { homedir } from "node:os";
import { resolve } from "node:path";
import type { DiscoveryConfig } from "../config/config-schema.js";
import type { FileSystem } from "../fs/file-system.js";
import { nodeFileSystem } from "../fs/node-file-system.js";
import { resolveUserPath } from "./resolve-user-path.js";
import type { RootsOptions } from "./root.js";

/** `RootsOptions` with every default applied. */
export interface RootsContext {
  cwd: string;
  home: string;
  adminDir: string;
  env: Record<string, string | undefined>;
  config: DiscoveryConfig;
  fs: FileSystem;
}

/** Applies the defaults of `RootsOptions` (HOME, `/etc`, the node file system). */
export function resolveRootsContext(options: RootsOptions): RootsContext {
  const cwd = resolve(options.cwd);
  const home = resolve(cwd, options.home ?? nonEmpty(options.env.HOME) ?? homedir());
  const adminDir = options.adminDir ?? nonEmpty(options.env.SKILLSET_ADMIN_DIR) ?? "/etc";
  return {
    cwd,
    home,
    adminDir: resolveUserPath(adminDir, cwd, home),
    env: options.env,
    config: options.config,
    fs: options.fs ?? nodeFileSystem,
  };
}

/** An environment value, or undefined when unset or empty (an empty variable means "not set" to agents). */
export function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value;
}
