/**
 * @module Codex's optional `agents/openai.yaml` beside SKILL.md (SPEC §2): UI metadata, dependencies and
 * the implicit-invocation policy. It never blocks loading: every problem is an `openai-yaml-invalid`
 * warning and the part in question is left out.
 */
import { join } from "node:path";
import type { FileSystem, SyncFileReads } from "../fs/file-system.js";
import { type Diagnostic, diagnostic } from "../model/diagnostic.js";
import type { OpenAiMetadata, ToolDependency } from "../model/skill.js";
import { decodeSkillBytes } from "./decode-text.js";
import { MAX_OPENAI_YAML_BYTES, MAX_YAML_ALIAS_COUNT } from "./parse-limits.js";
import { yamlPackage } from "./yaml-package.js";

/** The metadata read (absent when there is no file or it is unreadable) and the warnings. */
export interface OpenAiYamlResult {
  openai?: OpenAiMetadata;
  diagnostics: Diagnostic[];
}

const INTERFACE_FIELDS = [
  ["display_name", "displayName"],
  ["short_description", "shortDescription"],
  ["icon_small", "iconSmall"],
  ["icon_large", "iconLarge"],
  ["brand_color", "brandColor"],
  ["default_prompt", "defaultPrompt"],
] as const;

/** Path of the Codex metadata file of a skill folder. */
export function openAiYamlPath(dir: string): string {
  return join(dir, "agents", "openai.yaml");
}

/**
 * Reads `<dir>/agents/openai.yaml` with one read attempt (a missing file costs one failing `open`, and no
 * diagnostic). Files over 64 KiB, not UTF-8, or not YAML give a warning and no metadata. Never throws.
 */
export async function readOpenAiYaml(dir: string, fs: FileSystem): Promise<OpenAiYamlResult> {
  const path = openAiYamlPath(dir);
  let bytes: Uint8Array;
  try {
    bytes = await fs.readHead(path, MAX_OPENAI_YAML_BYTES + 1);
  } catch (error) {
    return readFailed(path, error);
  }
  return openAiYamlFromBytes(bytes, path);
}

/** {@link readOpenAiYaml} with a synchronous read. Never throws. */
export function readOpenAiYamlSync(dir: string, fs: Pick<SyncFileReads, "readHeadSync">): OpenAiYamlResult {
  const path = openAiYamlPath(dir);
  let bytes: Uint8Array;
  try {
    bytes = fs.readHeadSync(path, MAX_OPENAI_YAML_BYTES + 1);
  } catch (error) {
    return readFailed(path, error);
  }
  return openAiYamlFromBytes(bytes, path);
}

function readFailed(path: string, error: unknown): OpenAiYamlResult {
  const code = (error as { code?: unknown }).code;
  if (code === "ENOENT" || code === "ENOTDIR") return { diagnostics: [] };
  return warnOnly(path, `cannot be read (${code ?? String(error)}); fix its permissions or remove it.`);
}

function openAiYamlFromBytes(bytes: Uint8Array, path: string): OpenAiYamlResult {
  if (bytes.length > MAX_OPENAI_YAML_BYTES) {
    return warnOnly(
      path,
      `is larger than ${MAX_OPENAI_YAML_BYTES / 1024} KiB and was ignored; keep it to metadata only.`,
    );
  }
  const decoded = decodeSkillBytes(bytes, path);
  if (!decoded.ok)
    return { diagnostics: [{ ...decoded.diagnostic, severity: "warning", code: "openai-yaml-invalid" }] };
  return parseOpenAiYaml(decoded.text, path);
}

/**
 * Parses the text of an `agents/openai.yaml`: `interface.*` (snake_case → camelCase), `dependencies.tools[]`
 * (each with string `type` and `value`; other keys kept as written), `policy.allow_implicit_invocation`.
 * Unknown keys (e.g. `permissions`) are ignored.
 */
export function parseOpenAiYaml(text: string, path: string): OpenAiYamlResult {
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string, field?: string, line?: number) =>
    diagnostics.push(
      diagnostic("warning", "openai-yaml-invalid", `${path}: ${message}`, path, {
        ...(field === undefined ? {} : { field }),
        ...(line === undefined ? {} : { line }),
      }),
    );
  const doc = yamlPackage().parseDocument(text, { uniqueKeys: false });
  const error = doc.errors[0];
  if (error !== undefined) {
    const reason = (error.message.split("\n", 1)[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
    warn(`is not valid YAML (${reason}); it was ignored. Fix the YAML.`, undefined, error.linePos?.[0].line);
    return { diagnostics };
  }
  let root: unknown;
  try {
    root = doc.toJS({ maxAliasCount: MAX_YAML_ALIAS_COUNT });
  } catch (thrown) {
    warn(`could not be read (${thrown instanceof Error ? thrown.message : String(thrown)}); it was ignored.`);
    return { diagnostics };
  }
  if (root === null || root === undefined) return { openai: {}, diagnostics };
  if (!isRecord(root)) {
    warn("must be a mapping with `interface`, `dependencies` and `policy`; it was ignored.");
    return { diagnostics };
  }
  const openai: OpenAiMetadata = {};

  const ui = root.interface;
  if (isRecord(ui)) {
    const result: NonNullable<OpenAiMetadata["interface"]> = {};
    for (const [from, to] of INTERFACE_FIELDS) {
      const value = ui[from];
      if (value === undefined || value === null) continue;
      if (typeof value === "string") result[to] = value;
      else warn(`\`interface.${from}\` must be a string; it was ignored.`, `interface.${from}`);
    }
    openai.interface = result;
  } else if (ui !== undefined && ui !== null) {
    warn("`interface` must be a mapping; it was ignored.", "interface");
  }

  const dependencies = root.dependencies;
  if (isRecord(dependencies)) {
    const tools = dependencies.tools;
    const read: ToolDependency[] = [];
    if (Array.isArray(tools)) {
      tools.forEach((tool, index) => {
        if (isRecord(tool) && typeof tool.type === "string" && typeof tool.value === "string") {
          const dependency: ToolDependency = { ...tool, type: tool.type, value: tool.value };
          if (tool.description !== undefined && typeof tool.description !== "string")
            delete dependency.description;
          read.push(dependency);
        } else {
          warn(
            `\`dependencies.tools[${index}]\` needs a string \`type\` (e.g. env_var, mcp) and a string \`value\`; it was ignored.`,
            "dependencies.tools",
          );
        }
      });
    } else if (tools !== undefined && tools !== null) {
      warn("`dependencies.tools` must be a list; it was ignored.", "dependencies.tools");
    }
    openai.dependencies = { tools: read };
  } else if (dependencies !== undefined && dependencies !== null) {
    warn("`dependencies` must be a mapping with a `tools` list; it was ignored.", "dependencies");
  }

  const policy = root.policy;
  if (isRecord(policy)) {
    const allow = policy.allow_implicit_invocation;
    if (typeof allow === "boolean") openai.policy = { allowImplicitInvocation: allow };
    else {
      openai.policy = {};
      if (allow !== undefined && allow !== null) {
        warn(
          "`policy.allow_implicit_invocation` must be true or false; it was ignored.",
          "policy.allow_implicit_invocation",
        );
      }
    }
  } else if (policy !== undefined && policy !== null) {
    warn("`policy` must be a mapping; it was ignored.", "policy");
  }
  return { openai, diagnostics };
}

function warnOnly(path: string, message: string): OpenAiYamlResult {
  return { diagnostics: [diagnostic("warning", "openai-yaml-invalid", `${path} ${message}`, path)] };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
