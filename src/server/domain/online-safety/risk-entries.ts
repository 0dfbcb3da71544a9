// The entries of both risk assessments (docs/decisions/076): the illegal content one, keyed
// `risk:{kind}`, and the children's, keyed `children-risk:{kind}`. One way to save and read them.
import type { Db } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import type {
  OnlineSafetyRecordKey,
  RecordVersion,
  RiskEntryContent,
  RiskEntryInput,
} from "@/shared/online-safety";
import { siteMeasures } from "./evidence";
import { saveRecordVersion } from "./records";

const UNKNOWN_MEASURE = "Choose measures from the list";

/** Saves an entry's next version; a measure the site does not have is a 400 on `measures`. */
export async function saveRiskEntry(
  db: Db,
  key: OnlineSafetyRecordKey,
  input: RiskEntryInput,
  saverId: string,
): Promise<RecordVersion<RiskEntryContent>> {
  const known = new Set((await siteMeasures(db)).map((measure) => measure.key));
  if (input.measures.some((measure) => !known.has(measure))) {
    throw new HttpError(400, UNKNOWN_MEASURE, { fields: { measures: UNKNOWN_MEASURE } });
  }
  const content: RiskEntryContent = { ...input, measures: [...new Set(input.measures)] };
  return saveRecordVersion(db, key, content, saverId);
}

/** The current entry of each kind under `prefix`, from the current records by key. */
export function currentEntries<Kind extends string>(
  current: Map<string, RecordVersion<unknown>>,
  prefix: "risk" | "children-risk",
  kinds: readonly Kind[],
): Partial<Record<Kind, RecordVersion<RiskEntryContent>>> {
  const entries: Partial<Record<Kind, RecordVersion<RiskEntryContent>>> = {};
  for (const kind of kinds) {
    const version = current.get(`${prefix}:${kind}`);
    if (version) entries[kind] = version as RecordVersion<RiskEntryContent>;
  }
  return entries;
}
