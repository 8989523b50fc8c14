/**
 * @module The SDK's reference skills catalog (`loadSkills` from `@modelcontextprotocol/server/ext/skills/node`)
 * serving a folder: `node catalog-server.mjs <folder> [--http] [--reload-ms N]`. With `--reload-ms` the
 * catalog scans the folder again that often, so a changed file gets a new entry (and digest).
 */
import { loadSkills } from "@modelcontextprotocol/server/ext/skills/node";
import { serveSkills } from "./serve-skills.mjs";

const [folder, ...rest] = process.argv.slice(2);
const reloadAt = rest.indexOf("--reload-ms");
const catalog = await loadSkills(folder, { onWarning: () => {} });
if (reloadAt >= 0) {
  const every = Number(rest[reloadAt + 1]);
  setInterval(() => {
    catalog.reload().catch(() => {});
  }, every).unref();
}
serveSkills(catalog, { http: rest.includes("--http"), name: "reference-catalog" });
