import { describe, expect, it } from "vitest";
import { makeEntry } from "../test/index.js";
import { createSkillSearch } from "./create-skill-search.js";
import { triggerText } from "./trigger-text.js";

const entry = (name: string, description: string, dir = `/skills/${name}`) =>
  makeEntry({ skill: { name, description, dir, path: `${dir}/SKILL.md`, id: `${dir}/SKILL.md` } });

describe("search ranking beyond BM25 (SPEC §10)", () => {
  it("lists copies of one skill once (same name and description), keeping the rest of the list for others", () => {
    const copies = ["a", "b", "c", "d", "e", "f"].map((copy) =>
      entry("ai-seo", "Optimize content so AI search engines cite it.", `/skills/${copy}/ai-seo`),
    );
    const other = entry("seo-geo", "Optimize content for AI Overviews and search citations.");
    const names = createSkillSearch([...copies, other])
      .search("optimize content for AI search", { limit: 5 })
      .map((result) => result.name);
    expect(names.filter((name) => name === "ai-seo")).toHaveLength(1);
    expect(names).toContain("seo-geo");
  });

  it("weighs the skill's own trigger text: the same words in a 'Use when' clause rank higher", () => {
    const search = createSkillSearch([
      entry("alpha", "Makes thumbnails for an image gallery when you want to use it."),
      entry(
        "beta",
        "Use when you want to make thumbnails for an image gallery; also resizes, crops and caches photos.",
      ),
    ]);
    expect(search.search("thumbnails for my image gallery", { limit: 2 })[0]?.name).toBe("beta");
  });

  it("ranks words that stand together in the description above the same words apart", () => {
    const search = createSkillSearch([
      entry("alpha", "Fill the PDF then sign the form."),
      entry("beta", "Fill the PDF form then sign it."),
    ]);
    expect(search.search("fill pdf form", { limit: 2 })[0]?.name).toBe("beta");
  });

  it("finds trigger text in the forms descriptions use", () => {
    expect(triggerText("Writes docs. Use when: the user asks for a README.")).toContain(
      "the user asks for a README",
    );
    expect(triggerText('Ad angles. Trigger on "more ads", "creative testing".')).toContain("more ads");
    expect(triggerText("Keywords: writing, content, blog")).toContain("writing, content, blog");
    expect(triggerText("A plain description.")).toBe("");
  });
});
