/**
 * @module The members of a JSON object with each value's own text, so a lock written by another tool keeps
 * the fields skillset does not know byte for byte (SPEC §14): `JSON.parse` then `JSON.stringify` would turn
 * `1.0` into `1`, `"\u00e9"` into `"é"` and a large integer into another number.
 */

/** One member of an object: its key (decoded) and where its value's text starts and ends. */
export interface JsonMember {
  key: string;
  start: number;
  end: number;
}

/**
 * The members of the object whose `{` is the first non-space character at or after `at`, in the order
 * written (a repeated key appears each time; the last one is what `JSON.parse` keeps). `text` must be valid
 * JSON (already accepted by `JSON.parse`); the scan does not check it again.
 */
export function objectMembers(text: string, at: number): JsonMember[] {
  let index = skipSpace(text, at);
  if (text[index] !== "{") return [];
  index = skipSpace(text, index + 1);
  const members: JsonMember[] = [];
  while (text[index] === '"') {
    const keyEnd = skipString(text, index);
    const key = JSON.parse(text.slice(index, keyEnd)) as string;
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = skipValue(text, start);
    members.push({ key, start, end });
    index = skipSpace(text, end);
    if (text[index] === ",") index = skipSpace(text, index + 1);
  }
  return members;
}

/** Each key's last member (the one `JSON.parse` keeps). */
export function lastMembers(members: readonly JsonMember[]): Map<string, JsonMember> {
  return new Map(members.map((member) => [member.key, member]));
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && " \t\n\r".includes(text[index]!)) index++;
  return index;
}

/** The index after the string whose opening quote is at `index`. */
function skipString(text: string, index: number): number {
  index++;
  while (index < text.length && text[index] !== '"') index += text[index] === "\\" ? 2 : 1;
  return index + 1;
}

/** The index after the value starting at `index`. */
function skipValue(text: string, index: number): number {
  const first = text[index];
  if (first === '"') return skipString(text, index);
  if (first === "{" || first === "[") {
    const close = first === "{" ? "}" : "]";
    index = skipSpace(text, index + 1);
    while (index < text.length && text[index] !== close) {
      if (first === "{") index = skipSpace(text, skipSpace(text, skipString(text, index)) + 1);
      index = skipSpace(text, skipValue(text, index));
      if (text[index] === ",") index = skipSpace(text, index + 1);
    }
    return index + 1;
  }
  // A number, true, false or null: up to the next delimiter.
  while (index < text.length && !",]} \t\n\r".includes(text[index]!)) index++;
  return index;
}
