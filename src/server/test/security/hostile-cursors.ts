// Page cursors a client could forge: base64url JSON arrays (the shape every list's cursor has)
// whose items are near misses of the real ones (dates past the calendar, counts past an int,
// ids of the wrong kind, NUL and lone surrogates, wrong types, nesting), and raw strings.
// The cursor must answer 400, never reach SQL as something the database refuses (a 500).
import fc from "fast-check";

export const encodeItems = (items: unknown[]): string =>
  Buffer.from(JSON.stringify(items)).toString("base64url");

const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";

/** Timestamps in both forms the lists send (ISO with Z, PostgreSQL's text), each one off. */
const BAD_TIMESTAMPS = [
  "2024-13-01T00:00:00.000000Z",
  "2024-02-30T00:00:00.000000Z",
  "2023-02-29 00:00:00+00",
  "2024-00-10T00:00:00.000000Z",
  "2024-01-32 10:00:00.5+00",
  "2024-01-01T24:00:01.000000Z",
  "2024-01-01 23:60:00+00",
  "2024-01-01T23:59:61.000000Z",
  "0000-01-01T00:00:00.000000Z",
  "9999-99-99T99:99:99.999999Z",
  "2024-01-01 00:00:00+99",
  "2024-01-01 00:00:00+15:99",
  "2024-01-01 00:00:00.1234567+00",
  "2024-01-01",
  "now",
  "infinity",
  "epoch",
  "2024-01-01T00:00:00.000000Z\u0000",
];

const BAD_COUNTS = [
  "99999999999999999999",
  "2147483648",
  "-2147483649",
  "-1",
  "1e3",
  "0x10",
  " 1",
  "1.5",
  "",
  "NaN",
];

const BAD_IDS = [
  "x",
  "",
  "0f8fad5b-d9cb-469f-a165-70867728950",
  `${UUID}\u0000`,
  "a".repeat(101),
  "' or 1=1 --",
  "../../etc",
  "\ud800",
];

const BAD_TEXTS = ["\u0000", "a\u0000b", "\ud800", "x\udfffy", "a".repeat(2_000)];

/** Fixed forged cursors: every item kind wrong in turn, for each list's shape. */
export const HOSTILE_CURSORS: readonly string[] = [
  "",
  "x",
  "%%%",
  "null",
  "W10",
  encodeItems([]),
  encodeItems([UUID]),
  encodeItems(["2024-01-01T00:00:00.000000Z", UUID, "extra"]),
  Buffer.from(`2024-13-01 00:00:00+00|${UUID}`).toString("base64url"),
  Buffer.from(JSON.stringify({ at: "2024-01-01T00:00:00.000000Z", id: UUID })).toString(
    "base64url",
  ),
  ...BAD_TIMESTAMPS.flatMap((at) => [encodeItems([at, UUID]), encodeItems([1, at, UUID])]),
  ...BAD_COUNTS.map((count) => encodeItems([count, "abc"])),
  ...BAD_IDS.flatMap((id) => [
    encodeItems(["2024-01-01T00:00:00.000000Z", id]),
    encodeItems(["2024-01-01 00:00:00+00", id]),
    encodeItems([0, "2024-01-01T00:00:00.000000Z", id]),
    encodeItems(["5", id]),
  ]),
  ...BAD_TEXTS.map((text) => encodeItems([text, "abc"])),
  encodeItems([2, "2024-01-01T00:00:00.000000Z", UUID]),
  encodeItems([true, "2024-01-01T00:00:00.000000Z", UUID]),
  encodeItems([5, "abc"]),
  encodeItems([null, null]),
  encodeItems([["2024-01-01T00:00:00.000000Z"], [UUID]]),
  encodeItems([{ toString: "x" }, UUID]),
];

/** One cursor item: mostly near misses of the real kinds, sometimes anything at all. */
const hostileItem = fc.oneof(
  fc.constantFrom(...BAD_TIMESTAMPS, ...BAD_COUNTS, ...BAD_IDS, ...BAD_TEXTS),
  // Dates from components anywhere around the calendar's ranges, in both forms.
  fc
    .tuple(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 13 }),
      fc.integer({ min: 0, max: 32 }),
      fc.integer({ min: 0, max: 25 }),
      fc.integer({ min: 0, max: 61 }),
      fc.integer({ min: 0, max: 61 }),
      fc.boolean(),
    )
    .map(([y, mo, d, h, mi, s, iso]) => {
      const pad = (n: number, width = 2) => String(n).padStart(width, "0");
      const date = `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;
      const time = `${pad(h)}:${pad(mi)}:${pad(s)}`;
      return iso ? `${date}T${time}.000000Z` : `${date} ${time}+00`;
    }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.uuid(),
  fc.string(),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A forged cursor of one to four items, or a raw string. */
export const hostileCursor = fc.oneof(
  { weight: 4, arbitrary: fc.array(hostileItem, { minLength: 1, maxLength: 4 }).map(encodeItems) },
  { weight: 1, arbitrary: fc.string() },
);
