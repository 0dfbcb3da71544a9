import { describe, expect, it } from "vitest";
import { formatPostDate } from "./format-post-date";

describe("formatPostDate", () => {
  it("writes day, short month and year, in UTC", () => {
    expect(formatPostDate("2025-03-12T10:00:00.000Z")).toBe("12 Mar 2025");
    expect(formatPostDate("2025-09-01T00:00:00.000Z")).toBe("1 Sep 2025");
    // Late on the 31st in UTC is the 31st, wherever the reader is.
    expect(formatPostDate("2024-12-31T23:59:59.000Z")).toBe("31 Dec 2024");
  });
});
