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
  /** The group's document in the text index: the first member's text, under the group's id. */
  readonly document: SearchDocument;
  /** The skill ids sharing the text, in the order they joined. */
  readonly members: Set<string>;
}

/** Whether two documents hold the same text, field by field. */
function sameText(a: SearchDocument, b: SearchDocument): boolean {
  return (
    a.description === b.description &&
    a.name === b.name &&
    a.keywords === b.keywords &&
    a.headings === b.headings
  );
}

/** The groups of one index. */
export function createDocumentGroups(index: GroupedIndex) {
  // Found by name (short: its hash costs little, where a description's would cost a pass over it), then
  // compared field by field; a group holds no text beyond its first member's document.
  const byName = new Map<string, Group[]>();
  const byId = new Map<string, Group>();
  const ofSkill = new Map<string, Group>();
  let next = 0;

  /**
   * Puts skill `document.id` in the group of its text. A new group's document is handed to `pending`
   * when given (to be added in one batch), else added to the index at once; `indexed`: it is in the
   * index already (loaded from the cache), only the group is made.
   */
  const join = (document: SearchDocument, pending?: SearchDocument[], indexed = false): void => {
    const current = ofSkill.get(document.id);
    if (current && sameText(current.document, document)) return;
    if (current) leave(document.id);
    const bucket = byName.get(document.name);
    let group = bucket?.find((candidate) => sameText(candidate.document, document));
    if (group === undefined) {
      group = { document: { ...document, id: String(next++) }, members: new Set() };
      if (bucket) bucket.push(group);
      else byName.set(document.name, [group]);
      byId.set(group.document.id, group);
      if (pending) pending.push(group.document);
      else if (!indexed) index.add(group.document);
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
    const { id, name } = group.document;
    const bucket = byName.get(name) ?? [];
    bucket.splice(bucket.indexOf(group), 1);
    if (bucket.length === 0) byName.delete(name);
    byId.delete(id);
    index.discard(id);
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
