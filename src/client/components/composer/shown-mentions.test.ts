import { describe, expect, it } from "vitest";
import { followEdit, showMentions, storedAfterEdit, storeMentions } from "./shown-mentions";

const ANN = "@[Ann Lee](id-1)";
const ANN_TWO = "@[Ann Lee](id-2)";

describe("mentions shown as @Name while writing (decision 064)", () => {
  it("shows each token as @Name and stores it back unchanged", () => {
    const stored = `Hi ${ANN} and ${ANN_TWO}!`;
    const shown = showMentions(stored);
    expect(shown.text).toBe("Hi @Ann Lee and @Ann Lee!");
    expect(shown.mentions.map((m) => m.id)).toEqual(["id-1", "id-2"]);
    expect(storeMentions(shown)).toBe(stored);
  });

  it("keeps each member's id through typing before, between and after, never by name", () => {
    const before = showMentions(`${ANN} and ${ANN_TWO}`);
    expect(storedAfterEdit(before, `Oh @Ann Lee and @Ann Lee`)).toBe(`Oh ${ANN} and ${ANN_TWO}`);
    expect(storedAfterEdit(before, "@Ann Lee or @Ann Lee")).toBe(`${ANN} or ${ANN_TWO}`);
    expect(storedAfterEdit(before, "@Ann Lee and @Ann Lee, hi")).toBe(`${ANN} and ${ANN_TWO}, hi`);
  });

  it("keeps a mention that formatting wraps, and drops one whose name was changed", () => {
    const before = showMentions(`hey ${ANN}`);
    expect(storedAfterEdit(before, "hey **@Ann Lee**")).toBe(`hey **${ANN}**`);
    expect(storedAfterEdit(before, "hey @Ann Le")).toBe("hey @Ann Le");
    expect(followEdit(before, "hey @Ann xLee")).toEqual([]);
  });

  it("adds a picked member in place", () => {
    const before = showMentions(`${ANN} x`);
    const text = "@Ann Lee x @Bo ";
    const picked = { start: 11, end: 14, id: "id-9", label: "Bo" };
    expect(storedAfterEdit(before, text, picked)).toBe(`${ANN} x @[Bo](id-9) `);
  });
});
