import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configJsonSchema } from "./config/config-json-schema.js";
import { stateJsonSchema } from "./state/state-json-schema.js";

// The committed JSON Schemas in `schemas/` must equal the ones generated from the config and state schemas. To
// regenerate after changing one of those schemas:
// SKILLSET_UPDATE_SCHEMAS=1 npx vitest run packages/core/src/committed-schemas.test.ts
// then `npx biome format --write schemas` (the comparison is on parsed JSON, so formatting is free).
const generators: Record<string, () => object> = {
  "config.schema.json": configJsonSchema,
  "state.schema.json": stateJsonSchema,
};

describe("committed JSON Schemas", () => {
  it.each(Object.entries(generators))("schemas/%s matches the generated schema", (file, generate) => {
    const committed = fileURLToPath(new URL(`../../../schemas/${file}`, import.meta.url));
    const generated = generate();
    if (process.env.SKILLSET_UPDATE_SCHEMAS) {
      mkdirSync(dirname(committed), { recursive: true });
      writeFileSync(committed, `${JSON.stringify(generated, null, 2)}\n`);
    }
    expect(existsSync(committed), `${committed} is missing; see the comment at the top of this test`).toBe(
      true,
    );
    expect(JSON.parse(readFileSync(committed, "utf8"))).toEqual(generated);
  });
});
