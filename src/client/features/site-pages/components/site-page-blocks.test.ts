// A heading's anchor in a CMS page (docs/decisions/082): `{#rule-key}` becomes its id, and
// nothing else written there becomes one.
import { describe, expect, it } from "vitest";
import { sitePageBlocks, sitePathParts } from "./site-page-text";

describe("sitePageBlocks", () => {
  it("reads a heading's anchor as its id and leaves it out of the text", () => {
    expect(sitePageBlocks("## No spam {#rule-spam}\nText.")).toEqual([
      { kind: "heading", text: "No spam", id: "rule-spam" },
      { kind: "paragraph", text: "Text." },
    ]);
  });

  it("keeps anything that is not a plain anchor as text, with no id", () => {
    for (const heading of ['Quote {#a" onclick="x}', "Upper {#Rule}", "Middle {#rule} more"]) {
      const [block] = sitePageBlocks(`## ${heading}`);
      expect(block).toEqual({ kind: "heading", text: heading });
    }
  });
});

describe("sitePathParts", () => {
  it("finds this site's paths after a space or a bracket, and nothing else", () => {
    expect(sitePathParts("the log (/moderation) and /report/confirm.")).toEqual([
      "the log (",
      "/moderation",
      ") and ",
      "/report/confirm",
      ".",
    ]);
    for (const text of ["//evil.example", "http://x.example/a", "and/or", "/Upper", "a /"]) {
      expect(sitePathParts(text)).toEqual([text]);
    }
  });
});
