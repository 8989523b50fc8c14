/**
 * @module Skills whose indexed text is the same (a skill copied into `.claude/skills`, `.agents/skills`
 * and `.codex/skills`, or published by several repositories) share one document of the text index: a
 * query scores the text once and every copy takes that score, and neither the index nor its term
 * statistics grow with the number of agent folders a project keeps a copy in (SPEC §5 "Copies are one
 * skill"). Each group's document id is a number given in the order groups are first met, so the same
 * skills in the same order give the same ids (what the search cache relies on).
 */
import type { SearchDocument } from "./search-document.js";

/** Where the documents go: the text index's add and discard. */
export interface GroupedIndex {
  add(document: SearchDocument): void;
  discard(id: string): void;
}

interface Group {
  /** The id of the group's document in the text index. */
  readonly id: string;
  readonly key: string;
  /** The skill ids sharing the text, in the order they joined. */
  readonly members: Set<string>;
}

/** The indexed text of a document, each field prefixed by its length (no text can pass for another split). */
function textKey({ name, description, keywords, headings }: SearchDocument): string {
  return `${name.length}:${name}${description.length}:${description}${keywords.length}:${keywords}${headings.length}:${headings}`;
}

/** The groups of one index. */
export function createDocumentGroups(index: GroupedIndex) {
  const byKey = new Map<string, Group>();
  const byId = new Map<string, Group>();
  const ofSkill = new Map<string, Group>();
  let next = 0;

  /**
   * Puts skill `document.id` in the group of its text. A new group's document is handed to `pending`
   * when given (to be added in one batch), else added to the index at once; `indexed`: it is in the
   * index already (loaded from the cache), only the group is made.
   */
  const join = (document: SearchDocument, pending?: SearchDocument[], indexed = false): void => {
    const key = textKey(document);
    const current = ofSkill.get(document.id);
    if (current?.key === key) return;
    if (current) leave(document.id);
    let group = byKey.get(key);
    if (group === undefined) {
      group = { id: String(next++), key, members: new Set() };
      byKey.set(key, group);
      byId.set(group.id, group);
      const shared = { ...document, id: group.id };
      if (pending) pending.push(shared);
      else if (!indexed) index.add(shared);
    }
    group.members.add(document.id);
    ofSkill.set(document.id, group);
  };

  /** Takes skill `skillId` out of its group; the last one out takes the group's document with it. */
  const leave = (skillId: string): void => {
    const group = ofSkill.get(skillId);
    if (group === undefined) return;
    ofSkill.delete(skillId);
    group.members.delete(skillId);
    if (group.members.size > 0) return;
    byKey.delete(group.key);
    byId.delete(group.id);
    index.discard(group.id);
  };

  return {
    join,
    leave,
    /** The skill ids whose text is document `id`'s (none for a document no longer indexed). */
    members(id: string): ReadonlySet<string> {
      return byId.get(id)?.members ?? EMPTY;
    },
    /** Documents in the index. */
    get size(): number {
      return byId.size;
    },
  };
}

const EMPTY: ReadonlySet<string> = new Set();
