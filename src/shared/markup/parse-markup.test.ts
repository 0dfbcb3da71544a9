import type { Token } from "markdown-it";
import { describe, expect, it } from "vitest";
import { parseMarkup } from "./parse-markup";

/** Every token type in the stream, inline children included. */
function types(content: string): string[] {
  const walk = (tokens: Token[]): string[] =>
    tokens.flatMap((token) => [token.type, ...walk(token.children ?? [])]);
  return walk(parseMarkup(content));
}

describe("parseMarkup", () => {
  it("recognises only decision 021's markup", () => {
    const found = new Set(
      types(
        "# h\n> q\n    code\n```\nf\n```\n---\n| a | b |\n[l](https://x.example) ![i](y) <https://z.example> `c` &amp; \\*e\\* ~~s~~ <b>h</b>\n\n**b** *i* ++u++\n- a\n1. b\n\nhttps://ok.example @[Name](abc)",
      ),
    );
    expect([...found].sort()).toEqual(
      [
        "bullet_list_close",
        "bullet_list_open",
        "em_close",
        "em_open",
        "inline",
        "ins_close",
        "ins_open",
        "link_close",
        "link_open",
        "list_item_close",
        "list_item_open",
        "mention",
        "ordered_list_close",
        "ordered_list_open",
        "paragraph_close",
        "paragraph_open",
        "softbreak",
        "strong_close",
        "strong_open",
        "text",
      ].sort(),
    );
  });

  it("makes links of http and https addresses only", () => {
    for (const text of [
      "ftp://example.com/file",
      "mailto:someone@example.com",
      "//example.com/path",
      "www.example.com",
      "example.com",
      "someone@example.com",
    ]) {
      expect(types(text), text).not.toContain("link_open");
    }
    expect(types("http://example.com https://example.com")).toContain("link_open");
  });

  it("reads a mention as one token, whatever its name holds", () => {
    const [paragraph] = parseMarkup("@[*Star* https://x.example](id_1)").filter(
      (token) => token.type === "inline",
    );
    expect(paragraph?.children?.map((token) => token.type)).toEqual(["mention"]);
    expect(paragraph?.children?.[0]?.meta).toEqual({
      label: "*Star* https://x.example",
      id: "id_1",
    });
  });
});
