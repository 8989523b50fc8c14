/**
 * @module The name a fix message suggests for an invalid skill name: itself valid under the field rules
 * (`Dynamics 365 Automation` → `dynamics-365-automation`, `My_Skill` → `my-skill`), so following the
 * message never leads to another finding.
 */
import { MAX_NAME_LENGTH } from "./parse-limits.js";

/**
 * NFKC, lowercase, every run of characters other than letters and digits as one hyphen, no hyphen at the
 * edges, at most 64 code points. Empty when nothing usable is left (the caller then names the folder).
 * @example suggestValidName("Dynamics 365 Automation") // "dynamics-365-automation"
 */
export function suggestValidName(name: string): string {
  const words = name
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  let suggestion = words.join("-");
  const points = [...suggestion];
  if (points.length > MAX_NAME_LENGTH)
    suggestion = points.slice(0, MAX_NAME_LENGTH).join("").replace(/-+$/, "");
  // Lowercasing can leave letters that still change (rare); such a name stays as it is.
  return suggestion;
}
