import { describe, expect, it } from "vitest";
import { parseMarkup } from "./parse-markup";
import { plainText } from "./plain-text";
import { emptyQuotes, quoteBlocks, quoteOf } from "./quotes";

const A = "0a1b2c3d-0000-4000-8000-00000000000a";
const B = "0a1b2c3d-0000-4000-8000-00000000000b";

/** The quote ids markdown-it reads, in order. */
const parsedQuotes = (content: string) =>
  parseMarkup(content)
    .filter((token) => token.type === "quote_open")
    .map((token) => (token.meta as { id: string }).id);

describe("quotes (decision 064)", () => {
  it("are read alike by the parser and the server's line reader", () => {
    const cases = [
      `[quote=${A}]\nwords\n[/quote]`,
      `before\n[quote=${A}]\nwords\n[/quote]\nafter\n\n[quote=${B}]\n[/quote]`,
      `[quote=${A}]\nno end`,
      ` [quote=${A}]\nindented\n[/quote]`,
      `- item\n[quote=${A}]\nafter a list\n[/quote]`,
      `[quote=${A}]\n[quote=${B}]\ninner\n[/quote]\nrest\n[/quote]`,
      "[quote=not-an-id]\nwords\n[/quote]",
      `[quote=${A}] trailing words\n[/quote]`,
    ];
    for (const content of cases) {
      expect(parsedQuotes(content), content).toEqual(quoteBlocks(content).map((b) => b.id));
    }
  });

  it("take out the words of the quotes refused, keeping their place", () => {
    const content = `Hi\n[quote=${A}]\nsecret\nwords\n[/quote]\n[quote=${B}]\nkept\n[/quote]`;
    expect(emptyQuotes(content, (id) => id !== A)).toBe(
      `Hi\n[quote=${A}]\n[/quote]\n[quote=${B}]\nkept\n[/quote]`,
    );
  });

  it("are made without the quotes the quoted words hold", () => {
    expect(quoteOf(A, `[quote=${B}]\nolder\n[/quote]\n\nMy answer`)).toBe(
      `[quote=${A}]\nMy answer\n[/quote]\n\n`,
    );
  });

  it("are left out of the plain text", () => {
    expect(plainText(`[quote=${A}]\nTheir words\n[/quote]\n\nMine`, "markup")).toBe("Mine");
  });
});
