/** @module Registers `fs-glob-hooks.mjs` (Node 20 runs the conformance suite with it; Node 22 has `fs.globSync`). */
import { register } from "node:module";

register("./fs-glob-hooks.mjs", import.meta.url);
