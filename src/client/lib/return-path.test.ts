import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it("takes a path on this site, with its query and fragment", () => {
    for (const path of [
      "/",
      "/discussion/3f1d7c1e-0000-4000-8000-000000000000",
      "/discussion/1?reply=2",
      "/members?search=a%20b#top",
      "/a/b\\c",
    ]) {
      expect(safeReturnPath(path), path).toBe(path);
    }
  });

  it("refuses anything that could lead to another site or is not a path", () => {
    for (const value of [
      null,
      undefined,
      "",
      "discussion/1",
      "//evil.example",
      "//evil.example/discussion",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "http:/evil.example",
      "javascript:alert(1)",
      " /discussion",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\r\n/evil.example",
      "/discussion\u0000",
      "/x\u007f",
      `/${"a".repeat(2_048)}`,
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeNull();
    }
  });
});
