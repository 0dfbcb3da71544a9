import { describe, expect, it } from "vitest";
import { plainSummary, plainText } from "./plain-text";

describe("plainText: what descriptions, feeds, mail and JSON-LD read (decision 064)", () => {
  it("drops the markers and reads a mention as @Name", () => {
    expect(plainText("**bold** *it* _it_ ++under++ @[Mem Ber](abc-123)", "markup")).toBe(
      "bold it it under @Mem Ber",
    );
  });

  it("keeps paragraphs, line breaks and list items on their own lines", () => {
    expect(plainText("One\ntwo\n\n- a\n- b\n\n3. c\n4. d\n\nend", "markup")).toBe(
      "One\ntwo\n\n- a\n- b\n\n3. c\n4. d\n\nend",
    );
  });

  it("leaves what the markup does not know as the text that was typed", () => {
    expect(plainText("# h [l](https://x.example) `c` https://ok.example", "markup")).toBe(
      "# h [l](https://x.example) `c` https://ok.example",
    );
  });

  it("reads an uploaded image as its alt text, and leaves another image address as typed (decision 065)", () => {
    const id = "0b6f3c1e-2a4d-4e5f-8a9b-1c2d3e4f5a6b";
    expect(plainText(`Look ![a red kite](image:${id}:640x480) there`, "markup")).toBe(
      "Look a red kite there",
    );
    expect(plainText(`![](image:${id}:1x1)`, "markup")).toBe("");
    expect(plainText("![pixel](https://tracker.example/p.gif)", "markup")).toBe(
      "![pixel](https://tracker.example/p.gif)",
    );
  });

  it("leaves a plain text exactly as written", () => {
    const text = "Old **stars**\n- and @[tokens](x) stay";
    expect(plainText(text, "plain")).toBe(text);
  });

  it("makes one line of at most the length asked for", () => {
    expect(plainSummary("**a**\n\n- b\n- c", "markup", 100)).toBe("a - b - c");
    expect(plainSummary(`${"word ".repeat(50)}`, "markup", 12)).toBe("word word wo");
  });
});
