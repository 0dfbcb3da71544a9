import { describe, expect, it } from "vitest";
import {
  parseSearch,
  SEARCH_BAD_DATE,
  SEARCH_EMPTY,
  SEARCH_QUERY_MAX,
  SEARCH_TOO_LONG,
} from "./search-query";

const parsed = (input: string) => {
  const result = parseSearch(input);
  if (!result.ok) throw new Error(result.error);
  return result.query;
};

describe("parseSearch", () => {
  it("keeps words, phrases, exclusions and or as websearch_to_tsquery reads them", () => {
    expect(parsed('  worst  "train delays" -bus or tram ')).toEqual({
      text: 'worst "train delays" -bus or tram',
    });
  });

  it("takes the operators out of the text, quoted values whole", () => {
    expect(
      parsed(
        'rent author:"Ana Smith" category:Housing tag:London after:2026-01-01 before:2026-03-31',
      ),
    ).toEqual({
      text: "rent",
      author: "Ana Smith",
      category: "housing",
      tag: "london",
      after: "2026-01-01",
      before: "2026-03-31",
    });
    expect(parsed("AUTHOR:ana landlords")).toEqual({ text: "landlords", author: "ana" });
  });

  it("searches an unknown operator and a colon inside a word as written", () => {
    expect(parsed("foo:bar time:10:30 mailto:x")).toEqual({ text: "foo:bar time:10:30 mailto:x" });
    expect(parsed("coauthor:ana")).toEqual({ text: "coauthor:ana" });
  });

  it("lets the last of a repeated operator count", () => {
    expect(parsed("tag:a tag:b word")).toEqual({ text: "word", tag: "b" });
  });

  it("searches unbalanced quotes and tsquery syntax as text, never refuses them", () => {
    expect(parsed('"unclosed phrase')).toEqual({ text: '"unclosed phrase' });
    expect(parsed("a & b | !c :* (d) <-> e")).toEqual({ text: "a & b | !c :* (d) <-> e" });
  });

  it("allows operators alone, but not nothing at all", () => {
    expect(parsed("author:ana")).toEqual({ text: "", author: "ana" });
    for (const input of ["", "   ", '""', "- & | !", 'author:""']) {
      expect(parseSearch(input), JSON.stringify(input)).toEqual({ ok: false, error: SEARCH_EMPTY });
    }
  });

  it("refuses a query over the limit and a date that is not one", () => {
    expect(parseSearch("a".repeat(SEARCH_QUERY_MAX))).toMatchObject({ ok: true });
    expect(parseSearch("a".repeat(SEARCH_QUERY_MAX + 1))).toEqual({
      ok: false,
      error: SEARCH_TOO_LONG,
    });
    for (const input of ["x before:2026-02-30", "x after:yesterday", "x before:2026-1-1"]) {
      expect(parseSearch(input), input).toEqual({ ok: false, error: SEARCH_BAD_DATE });
    }
  });
});
