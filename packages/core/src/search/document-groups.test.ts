import { describe, expect, it } from "vitest";
import { createDocumentGroups } from "./document-groups.js";
import type { SearchDocument } from "./search-document.js";

const doc = (id: string, description: string, name = "pdf"): SearchDocument => ({
  id,
  name,
  description,
  keywords: "",
  headings: "",
});

/** The index's side of it: what was added and discarded, in order. */
function recording() {
  const calls: string[] = [];
  return {
    calls,
    index: {
      add: (document: SearchDocument) => calls.push(`add ${document.id} ${document.description}`),
      discard: (id: string) => calls.push(`discard ${id}`),
    },
  };
}

describe("document groups", () => {
  it("indexes one document for skills of the same text, numbered in the order groups are met", () => {
    const { calls, index } = recording();
    const groups = createDocumentGroups(index);
    groups.join(doc("/a/pdf/SKILL.md", "Fill PDF forms."));
    groups.join(doc("/b/pdf/SKILL.md", "Fill PDF forms."));
    groups.join(doc("/c/pdf/SKILL.md", "Edit PDF files."));
    expect(calls).toEqual(["add 0 Fill PDF forms.", "add 1 Edit PDF files."]);
    expect([...groups.members("0")]).toEqual(["/a/pdf/SKILL.md", "/b/pdf/SKILL.md"]);
    expect([...groups.members("1")]).toEqual(["/c/pdf/SKILL.md"]);
    expect(groups.size).toBe(2);
  });

  it("tells texts apart field by field, however the characters fall between the fields", () => {
    const { calls, index } = recording();
    const groups = createDocumentGroups(index);
    groups.join(doc("/a/SKILL.md", "b c", "a"));
    groups.join(doc("/b/SKILL.md", "c", "a b"));
    expect(calls).toHaveLength(2);
  });

  it("moves a skill whose text changed, and the last one out takes the document with it", () => {
    const { calls, index } = recording();
    const groups = createDocumentGroups(index);
    groups.join(doc("/a/SKILL.md", "Fill PDF forms."));
    groups.join(doc("/b/SKILL.md", "Fill PDF forms."));
    groups.join(doc("/b/SKILL.md", "Fill PDF forms.")); // the same text again: nothing to do
    groups.join(doc("/b/SKILL.md", "Sign PDF forms."));
    expect([...groups.members("0")]).toEqual(["/a/SKILL.md"]);
    groups.leave("/a/SKILL.md");
    groups.leave("/a/SKILL.md"); // gone already
    expect(groups.members("0").size).toBe(0);
    // A text met again after its group went gets a new document, never a reused id.
    groups.join(doc("/c/SKILL.md", "Fill PDF forms."));
    expect(calls).toEqual([
      "add 0 Fill PDF forms.",
      "add 1 Sign PDF forms.",
      "discard 0",
      "add 2 Fill PDF forms.",
    ]);
  });

  it("batches new documents, or only makes the groups of documents indexed already", () => {
    const { calls, index } = recording();
    const groups = createDocumentGroups(index);
    const pending: SearchDocument[] = [];
    groups.join(doc("/a/SKILL.md", "x"), pending);
    groups.join(doc("/b/SKILL.md", "x"), pending);
    groups.join(doc("/c/SKILL.md", "y"), undefined, true);
    expect(pending.map((document) => document.id)).toEqual(["0"]);
    expect(calls).toEqual([]);
    expect([...groups.members("1")]).toEqual(["/c/SKILL.md"]);
  });
});
