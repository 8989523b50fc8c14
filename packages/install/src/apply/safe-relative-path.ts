/**
 * @module The one rule for a path that comes from a source (an archive entry, an index's file list): it
 * must stay inside the folder it is written to.
 */
import { SkillsetError } from "@skillset/core/model";

/**
 * The path as `/`-separated segments with `./` and empty segments dropped, or a thrown `install-unsafe-path`
 * naming `where` when it is absolute, climbs with `..`, uses backslashes or a drive letter, or holds
 * control characters.
 */
export function safeRelativePath(path: string, where: string): string {
  const reason = unsafeReason(path);
  if (reason) {
    throw new SkillsetError(
      "install-unsafe-path",
      `Refused ${JSON.stringify(path)} in ${where}: ${reason}. Nothing was installed.`,
    );
  }
  return path
    .split("/")
    .filter((segment) => segment !== "" && segment !== ".")
    .join("/");
}

function unsafeReason(path: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(path)) return "the name holds control characters";
  if (path.startsWith("/")) return "an absolute path";
  if (/^[A-Za-z]:/.test(path)) return "a drive-letter path";
  if (path.includes("\\")) return "a backslash in the path";
  if (path.split("/").includes("..")) return "a '..' segment leaves the folder";
  return undefined;
}
