import { describe, expect, it } from "vitest";
import { mentionTokens } from "@/shared/mentions";
import {
  activeMentionQuery,
  insertMention,
  MAX_MENTION_QUERY,
  rankMentionCandidates,
} from "./mention-query";
import { storeMentions } from "./shown-mentions";

/** The query at the "|" of `marked` (the "|" is the caret, not part of the text). */
function queryAt(marked: string) {
  const caret = marked.indexOf("|");
  return activeMentionQuery(marked.replace("|", ""), caret);
}

describe("activeMentionQuery: the '@query' at the caret", () => {
  it("finds an '@' at the start of the text, a line or a word, followed by what was typed", () => {
    expect(queryAt("@j|")).toEqual({ start: 0, end: 2, query: "j" });
    expect(queryAt("Hi @Jo|")).toEqual({ start: 3, end: 6, query: "Jo" });
    expect(queryAt("first line\n@ann|")).toEqual({ start: 11, end: 15, query: "ann" });
    expect(queryAt("(@ann|")).toEqual({ start: 1, end: 5, query: "ann" });
    expect(queryAt("said “@Zoë|")?.query).toBe("Zoë");
  });

  it("reads only up to the caret, wherever it is in the word", () => {
    expect(queryAt("Hi @Jo|hn, welcome")).toEqual({ start: 3, end: 6, query: "Jo" });
  });

  it("asks nothing for a bare '@', an '@' inside a word (an email address) or a leading space", () => {
    expect(queryAt("@|")).toBeNull();
    expect(queryAt("Hi @|")).toBeNull();
    expect(queryAt("write to me@example|")).toBeNull();
    expect(queryAt("@ ann|")).toBeNull();
    expect(queryAt("no at sign|")).toBeNull();
    expect(queryAt("|@ann")).toBeNull();
  });

  it("lets a name have spaces, but not a line break, a double space or a third space", () => {
    expect(queryAt("@Mary Ann Sm|")?.query).toBe("Mary Ann Sm");
    expect(queryAt("@Mary |")?.query).toBe("Mary ");
    expect(queryAt("@Mary\nAnn|")).toBeNull();
    expect(queryAt("@Mary  Ann|")).toBeNull();
    expect(queryAt("@it was a good day|")).toBeNull();
  });

  it("stops after MAX_MENTION_QUERY characters", () => {
    const longest = "x".repeat(MAX_MENTION_QUERY);
    expect(queryAt(`@${longest}|`)?.query).toBe(longest);
    expect(queryAt(`@${longest}x|`)).toBeNull();
  });

  it("never treats a finished token, or the inside of one, as a query", () => {
    const token = "@[Ann Lee](abc123)";
    expect(queryAt(`${token}|`)).toBeNull();
    expect(queryAt(`@[Ann| Lee](abc123)`)).toBeNull();
    expect(queryAt(`@[Ann Lee](abc|123)`)).toBeNull();
    // A new "@" after a token is a query of its own.
    expect(queryAt(`${token} and @bo|`)).toEqual({ start: 23, end: 26, query: "bo" });
  });
});

describe("insertMention: '@Name' in place of the '@query', stored as its token", () => {
  const ann = { id: "abc123", displayName: "Ann Lee" };

  function pick(marked: string, member = ann) {
    const caret = marked.indexOf("|");
    const text = marked.replace("|", "");
    const mention = activeMentionQuery(text, caret);
    if (!mention) throw new Error(`no query in ${marked}`);
    const result = insertMention(text, mention, member);
    // The stored form, with the caret shown as "|" again, to read the expectations at a glance.
    const marker = "\u0000";
    const withCaret = `${result.text.slice(0, result.caret)}${marker}${result.text.slice(result.caret)}`;
    return storeMentions({ text: withCaret, mentions: [result.mention] }).replace(marker, "|");
  }

  it("writes the token and one space, and puts the caret after them", () => {
    expect(pick("@an|")).toBe("@[Ann Lee](abc123) |");
    expect(pick("Thanks @an|")).toBe("Thanks @[Ann Lee](abc123) |");
    expect(pick("line one\n@an|\nline three")).toBe("line one\n@[Ann Lee](abc123) |\nline three");
  });

  it("keeps the text after the query and reuses a space that is already there", () => {
    expect(pick("Hi @an| and welcome")).toBe("Hi @[Ann Lee](abc123) |and welcome");
    expect(pick("@an|, you too")).toBe("@[Ann Lee](abc123) |, you too");
  });

  it("takes the rest of a word the caret was in the middle of", () => {
    expect(pick("Hi @An|nnie!")).toBe("Hi @[Ann Lee](abc123) |!");
    expect(pick("@Mary An|n Smith", { id: "m1", displayName: "Mary Ann Smith" })).toBe(
      "@[Mary Ann Smith](m1) |Smith",
    );
  });

  it("builds the token with shared/mentions.ts, so the server reads it back as this member", () => {
    const odd = { id: "x_Y-9", displayName: "  Dr. [Evil]  <b>Bob</b>\tJr " };
    const caret = "hey @dr".length;
    const inserted = insertMention("hey @dr", { start: 4, end: caret, query: "dr" }, odd);
    expect(inserted.text).toBe("hey @Dr. Evil bBob/b Jr ");
    expect(
      mentionTokens(storeMentions({ text: inserted.text, mentions: [inserted.mention] })),
    ).toEqual([
      { text: "@[Dr. Evil bBob/b Jr](x_Y-9)", label: "Dr. Evil bBob/b Jr", id: "x_Y-9", index: 4 },
    ]);
  });
});

describe("rankMentionCandidates", () => {
  const members = [
    { id: "1", displayName: "Bob Annandale" },
    { id: "2", displayName: "Joanna Berlin" },
    { id: "3", displayName: "Anna Smith" },
    { id: "4", displayName: "Lives In Annecy Not" },
    { id: "5", displayName: "Zed" },
    { id: "6", displayName: "ANNE" },
  ];

  it("keeps names holding the query, starts of names first, then starts of words", () => {
    expect(rankMentionCandidates(members, "ann", 10).map((member) => member.id)).toEqual([
      "3",
      "6",
      "1",
      "4",
      "2",
    ]);
  });

  it("drops members the server found by their bio or location, and stops at the limit", () => {
    expect(rankMentionCandidates(members, "berlin", 10).map((member) => member.id)).toEqual(["2"]);
    expect(rankMentionCandidates(members, "Paris", 10)).toEqual([]);
    expect(rankMentionCandidates(members, "an", 2).map((member) => member.id)).toEqual(["3", "6"]);
  });

  it("ignores the query's surrounding spaces and its case", () => {
    expect(rankMentionCandidates(members, "ANNA ", 10).map((member) => member.id)).toEqual([
      "3",
      "1",
      "2",
    ]);
  });
});
