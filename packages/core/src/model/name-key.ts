/**
 * @module The form skill names are compared in (SPEC §4: after NFKC), so `café` typed decomposed (as some
 * keyboards and file systems write it) finds the skill whose SKILL.md writes it composed, and a compatibility
 * form (fullwidth letters) finds the plain one. Every exact lookup by name compares these keys.
 */

/**
 * The key `name` is compared by: its NFKC form. ASCII is its own NFKC form, so a name without other
 * characters (nearly all of them) is returned as it is after one scan, without calling `normalize`.
 * @example nameKey("cafe\u0301") === nameKey("café") // true
 */
export function nameKey(name: string): string {
  for (let index = 0; index < name.length; index++) {
    if (name.charCodeAt(index) > 0x7f) return name.normalize("NFKC");
  }
  return name;
}
