#!/usr/bin/env node
// Thin launcher so the bin link exists before the first build; the real entry is compiled TypeScript.
import "../dist/bin.js";
