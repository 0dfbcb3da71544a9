import { describe, expect, it } from "vitest";
import { UUID_ID } from "./ids";
import {
  countItem,
  decodeCursor,
  encodeCursor,
  flagItem,
  idItem,
  textItem,
  timestampItem,
} from "./page-cursor";

describe("timestampItem", () => {
  it.each([
    "2026-01-02T03:04:05.678901Z",
    "2026-01-02 03:04:05.678901+00",
    "2026-01-02 03:04:05+00",
    "2026-01-02 03:04:05.5+05:30",
    "2026-01-02 03:04:05-14",
    "2024-02-29 00:00:00+00",
    "2000-02-29T00:00:00.000000Z",
    "0004-02-29T00:00:00.000000Z",
    "0001-01-01 00:00:00+00",
    "9999-12-31T23:59:59.999999Z",
  ])("takes %s", (value) => {
    expect(timestampItem(value)).toBe(value);
  });

  it.each([
    "2023-02-29 00:00:00+00",
    "1900-02-29 00:00:00+00",
    "0000-01-01 00:00:00+00",
    "2026-13-01 00:00:00+00",
    "2026-04-31 00:00:00+00",
    "2026-01-00 00:00:00+00",
    "2026-01-01 24:00:00+00",
    "2026-01-01 00:60:00+00",
    "2026-01-01 00:00:60+00",
    "2026-01-01 00:00:00+15",
    "2026-01-01 00:00:00+01:60",
    "2026-01-01 00:00:00.1234567+00",
    "2026-01-01 00:00:00",
    "2026-01-01",
    "now",
    " 2026-01-01 00:00:00+00",
    20260101,
    null,
  ])("refuses %s", (value) => {
    expect(timestampItem(value)).toBeUndefined();
  });
});

describe("countItem", () => {
  it.each(["0", "7", "2147483647"])("takes %s", (value) => {
    expect(countItem(value)).toBe(value);
  });
  it.each(["2147483648", "99999999999999999999", "-1", "01", "1e3", "1.0", "", " 1", 5])(
    "refuses %s",
    (value) => {
      expect(countItem(value)).toBeUndefined();
    },
  );
});

describe("textItem", () => {
  const text = textItem(10);
  it.each(["", "ada", "zoë 😀", "' or 1=1"])("takes %s", (value) => {
    expect(text(value)).toBe(value);
  });
  it.each(["a\u0000", "\ud800", "x\udc00", "a".repeat(11), 1, null])("refuses %j", (value) => {
    expect(text(value)).toBeUndefined();
  });
});

describe("decodeCursor", () => {
  const kinds = [flagItem, timestampItem, idItem(UUID_ID)] as const;
  const id = "0f8fad5b-d9cb-469f-a165-70867728950e";

  it("gives back what encodeCursor made, typed", () => {
    const cursor = encodeCursor([1, "2026-01-02T03:04:05.678901Z", id]);
    expect(decodeCursor<[boolean, string, string]>(cursor, kinds)).toEqual([
      true,
      "2026-01-02T03:04:05.678901Z",
      id,
    ]);
  });

  it.each([
    ["not base64 JSON", "%%%"],
    ["an object", Buffer.from('{"0":1}').toString("base64url")],
    ["too few items", encodeCursor([1, "2026-01-02T03:04:05.678901Z"])],
    ["too many items", encodeCursor([1, "2026-01-02T03:04:05.678901Z", id, id])],
    ["one bad item", encodeCursor([2, "2026-01-02T03:04:05.678901Z", id])],
  ])("answers 400 for %s", (_, cursor) => {
    expect(() => decodeCursor(cursor, kinds)).toThrowError(
      expect.objectContaining({ status: 400, fields: { cursor: "Invalid page cursor" } }),
    );
  });
});
