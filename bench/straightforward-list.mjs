// The parse floor for `list --json` (issue 24): what a straightforward implementation costs as a whole
// process — walk the folder, read every SKILL.md, parse its frontmatter with the `yaml` package, print the
// names, descriptions and paths as JSON. Usage: node bench/straightforward-list.mjs <skills-folder>.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

const skills = [];
const visit = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const isDir = entry.isDirectory() || (entry.isSymbolicLink() && statSync(path).isDirectory());
    if (isDir) visit(path);
    else if (entry.name === "SKILL.md") skills.push(read(path));
  }
};

function read(path) {
  const text = readFileSync(path, "utf8").replace(/^\uFEFF/, "");
  const match = /^---\r?\n([\s\S]*?)\r?\n---\s*(?:\r?\n|$)/.exec(text);
  let frontmatter = {};
  try {
    frontmatter = (match && parse(match[1])) || {};
  } catch (error) {
    return { path, error: String(error.message).split("\n")[0] };
  }
  return { name: frontmatter.name, description: frontmatter.description, path };
}

visit(process.argv[2]);
process.stdout.write(`${JSON.stringify({ skills }, null, 2)}\n`);
