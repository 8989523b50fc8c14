/**
 * @module Helpers for the CLI's own tests: run a command in-process with captured output, inside a temp
 * project with an isolated HOME. Not exported from the package.
 */
export { createTempProject } from "@skillset/core/test";
export {
  type CapturedRun,
  isolatedEnv,
  type RunCliCapturedOptions,
  runCliCaptured,
} from "./run-cli-captured.js";
