// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${SKILL_DIR}`-style placeholders are what these tests are about
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { quoteArguments, splitArguments } from "./split-arguments.js";
import { substituteArguments } from "./substitute-arguments.js";

const dir = "/skills/review";

function render(body: string, args?: string | string[], names?: string[], sessionId?: string) {
  return substituteArguments(body, {
    skillDir: dir,
    ...(args === undefined ? {} : { args }),
    ...(names === undefined ? {} : { names }),
    ...(sessionId === undefined ? {} : { sessionId }),
  }).text;
}

describe("splitArguments", () => {
  it("splits on spaces and keeps quoted words together", () => {
    expect(splitArguments(`"release notes" v2  'two words' --dry`)).toEqual([
      "release notes",
      "v2",
      "two words",
      "--dry",
    ]);
  });
  it("handles escapes inside and outside double quotes, and joined quotes", () => {
    expect(splitArguments(`a\\ b "say \\"hi\\"" pre"fix"ed`)).toEqual(["a b", 'say "hi"', "prefixed"]);
  });
  it("takes an unbalanced quote literally instead of failing", () => {
    expect(splitArguments("fix the user's bug")).toEqual(["fix", "the", "user's", "bug"]);
    expect(splitArguments('say "unclosed words')).toEqual(["say", '"unclosed', "words"]);
  });
  it("gives nothing for blank text", () => {
    expect(splitArguments("   \t ")).toEqual([]);
  });
});

describe("quoteArguments", () => {
  it("quotes only the words that need it, as a person would type them", () => {
    expect(quoteArguments(["release notes", "v2", "--dry"])).toBe(`"release notes" v2 --dry`);
    expect(quoteArguments(["", `say "hi"`, "it's", "a\\b", "$HOME"])).toBe(
      `"" "say \\"hi\\"" "it's" "a\\\\b" $HOME`,
    );
    expect(quoteArguments([])).toBe("");
  });
  it("gives the text splitArguments splits back into the same list", () => {
    const unit = fc.constantFrom("a", "é", " ", "\t", "\n", '"', "'", "\\", "$", "`", "-");
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit }), fc.string())), (args) => {
        expect(splitArguments(quoteArguments(args))).toEqual(args);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("substituteArguments", () => {
  it("replaces $ARGUMENTS with the whole argument text", () => {
    expect(render("Review $ARGUMENTS now.", `"PR 42" main`)).toBe(`Review "PR 42" main now.`);
  });
  it("replaces $ARGUMENTS[N] and $N, 0-based, with quoted arguments kept whole", () => {
    expect(render("a=$ARGUMENTS[0] b=$1 c=$0", `"PR 42" main`)).toBe("a=PR 42 b=main c=PR 42");
  });
  it("makes out-of-range $N and $ARGUMENTS[N] empty", () => {
    expect(render("[$5][$ARGUMENTS[9]]", "one")).toBe("[][]");
  });
  it("keeps escaped \\$ARGUMENTS and \\$1 literal, and counts them as no placeholder", () => {
    const result = substituteArguments("Write \\$ARGUMENTS and \\$1 literally.", {
      skillDir: dir,
      args: "x",
    });
    expect(result.text).toBe("Write $ARGUMENTS and $1 literally.\n\nARGUMENTS: x\n");
    expect(result.appended).toBe(true);
  });
  it("replaces named arguments declared in arguments:, bare and braced", () => {
    expect(render("Issue $issue on ${branch}.", "123 main", ["issue", "branch"])).toBe("Issue 123 on main.");
  });
  it("makes a missing named argument empty", () => {
    expect(render("Issue [$issue] on [${branch}].", "123", ["issue", "branch"])).toBe("Issue [123] on [].");
  });
  it("leaves $words that are not declared names alone (shell variables)", () => {
    expect(render("echo $PATH $HOME ${USER}", "", ["issue"])).toBe("echo $PATH $HOME ${USER}");
  });
  it("replaces ${SKILL_DIR} and ${SESSION_ID} with their CLAUDE_ aliases", () => {
    expect(
      render(
        "${SKILL_DIR} ${CLAUDE_SKILL_DIR} ${SESSION_ID} ${CLAUDE_SESSION_ID}",
        undefined,
        undefined,
        "s-1",
      ),
    ).toBe(`${dir} ${dir} s-1 s-1`);
  });
  it("leaves ${SESSION_ID} as written without a session", () => {
    expect(render("id=${SESSION_ID}")).toBe("id=${SESSION_ID}");
  });
  it("appends ARGUMENTS: when the body takes none, and not when it does", () => {
    expect(render("Do the thing.\n", "fast please")).toBe("Do the thing.\n\nARGUMENTS: fast please\n");
    expect(render("Do $0.\n", "fast please")).toBe("Do fast.\n");
    expect(render("Do the thing.\n")).toBe("Do the thing.\n");
  });
  it("takes a list of arguments as given, and gives $ARGUMENTS as its string form reads", () => {
    expect(render("$0|$1|$ARGUMENTS", ["two words", "x"])).toBe(`two words|x|"two words" x`);
    expect(render("$0|$1|$ARGUMENTS", ["a b", "c"])).toBe(render("$0|$1|$ARGUMENTS", `"a b" c`));
    expect(render("Do it.", ["a b", "c"])).toBe(`Do it.\n\nARGUMENTS: "a b" c\n`);
  });
  it("never substitutes a substituted value again", () => {
    expect(render("$0 $1", ["$1", "${SKILL_DIR}"])).toBe("$1 ${SKILL_DIR}");
  });
  it("keeps $ARGUMENTS_LIST and similar words alone", () => {
    expect(render("$ARGUMENTSX $ARGUMENTS_LIST", "a")).toBe("$ARGUMENTSX $ARGUMENTS_LIST\n\nARGUMENTS: a\n");
  });
});
