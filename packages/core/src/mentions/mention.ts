/**
 * @module What the scanner finds in a message (SPEC §8): `$name`, `[$name](path)`, `/name args` and
 * `skill://name/path`, each with its offsets so hosts can highlight it and the task text can drop it.
 */

/** Fields every mention carries. Offsets are UTF-16 indices into the scanned text; `end` is exclusive. */
export interface MentionSpan {
  start: number;
  end: number;
  /** The mention exactly as written, `text.slice(start, end)`. */
  raw: string;
}

/**
 * `$name` or `$ns:name`. Also an incomplete link whose target is empty (`[$name]()`, `[$name](<>)`):
 * the label is then the only thing the writer said, so it means what a bare `$name` means.
 */
export interface DollarMention extends MentionSpan {
  kind: "dollar";
  /** The id after `$`: a name or a qualified name `ns:name`, without trailing `:` or `-`. */
  id: string;
}

/** `[$name](path)`: the path decides which skill; the name is only a label. */
export interface LinkedMention extends MentionSpan {
  kind: "linked";
  /** The label's id (after `$`). */
  id: string;
  /** The link target as written, without `<…>` and surrounding spaces. */
  target: string;
}

/** `/name args` or `/skill:name args`, only at the very start of a message. */
export interface SlashMention extends MentionSpan {
  kind: "slash";
  /** The skill id after `/` or after `/skill:`. */
  id: string;
  /** `name` for `/name` (yields to host commands), `skill` for the explicit `/skill:name`. */
  form: "name" | "skill";
  /** Everything after the command token, trimmed: the rest of the message, across lines. */
  args: string;
}

/** `skill://name` or `skill://name/relative/path`: a reference to a skill or one of its files. */
export interface UriMention extends MentionSpan {
  kind: "uri";
  /**
   * The skill's name after `skill://`, as written: percent-encoded where `skillUri` encodes, and possibly
   * an exact name (`name@scope`); resolution decodes it with `parseSkillUri`.
   */
  id: string;
  /** The path after `skill://name/`, as written (not decoded); absent for `skill://name`. */
  relativePath?: string;
}

/** One mention found by `scanMentions`. */
export type Mention = DollarMention | LinkedMention | SlashMention | UriMention;

/** The kinds of mention, for callers that switch on `mention.kind`. */
export type MentionKind = Mention["kind"];
