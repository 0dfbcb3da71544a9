import { describe, expect, it } from "vitest";
import { prefixLines, type TextEdit, wrapSelection } from "./markup-edits";

/** `text` with the selection written as [ and ] (a caret as a lone |), for readable cases. */
function parse(text: string): { value: string; start: number; end: number } {
  const caret = text.indexOf("|");
  if (caret !== -1) return { value: text.replace("|", ""), start: caret, end: caret };
  const start = text.indexOf("[");
  const end = text.indexOf("]") - 1;
  return { value: text.replace("[", "").replace("]", ""), start, end };
}

function show({ value, selectionStart, selectionEnd }: TextEdit): string {
  if (selectionStart === selectionEnd) {
    return `${value.slice(0, selectionStart)}|${value.slice(selectionStart)}`;
  }
  return `${value.slice(0, selectionStart)}[${value.slice(selectionStart, selectionEnd)}]${value.slice(selectionEnd)}`;
}

const wrap = (text: string, marker: "**" | "*" | "++") => {
  const { value, start, end } = parse(text);
  return show(wrapSelection(value, start, end, marker));
};

const list = (text: string, kind: "bulleted" | "numbered") => {
  const { value, start, end } = parse(text);
  return show(prefixLines(value, start, end, kind));
};

describe("wrapSelection", () => {
  it("puts the markers around the selected words and keeps them selected", () => {
    expect(wrap("say [loud] now", "**")).toBe("say **[loud]** now");
    expect(wrap("say [loud] now", "*")).toBe("say *[loud]* now");
    expect(wrap("say [loud] now", "++")).toBe("say ++[loud]++ now");
  });

  it("leaves spaces at the ends of the selection outside the markers", () => {
    expect(wrap("say[ loud ]now", "**")).toBe("say **[loud]** now");
  });

  it("inserts a pair with the caret between when nothing is selected", () => {
    expect(wrap("say | now", "**")).toBe("say **|** now");
    expect(wrap("|", "++")).toBe("++|++");
    expect(wrap("say[  ]now", "*")).toBe("say  *|*now");
  });

  it("wraps each selected line on its own, after its list marker", () => {
    expect(wrap("[- one\n- two\n\nthree]", "**")).toBe("[- **one**\n- **two**\n\n**three**]");
    expect(wrap("- o[ne\n- tw]o", "*")).toBe("- o[*ne*\n- *tw*]o");
  });
});

describe("prefixLines", () => {
  it("starts the caret's line with a list marker", () => {
    expect(list("first\nsec|ond", "bulleted")).toBe("first\n- sec|ond");
    expect(list("|", "bulleted")).toBe("- |");
    expect(list("|", "numbered")).toBe("1. |");
  });

  it("numbers the selected lines that have text, and selects them", () => {
    expect(list("intro\n[one\ntwo\n\nthree]", "numbered")).toBe(
      "intro\n[1. one\n2. two\n\n3. three]",
    );
    expect(list("o[ne\ntw]o", "bulleted")).toBe("[- one\n- two]");
  });

  it("does not take the line after a selection that ends at its start", () => {
    expect(list("[one\n]two", "bulleted")).toBe("[- one]\ntwo");
  });

  it("replaces another list marker rather than stacking them", () => {
    expect(list("[- one\n- two]", "numbered")).toBe("[1. one\n2. two]");
    expect(list("1. on|e", "bulleted")).toBe("- on|e");
    expect(list("- on|e", "bulleted")).toBe("- on|e");
    expect(list("1|. one", "bulleted")).toBe("- |one");
  });
});
