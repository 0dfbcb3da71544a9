// Which version of the Terms of Service a member accepted (docs/decisions/082): on the
// confirmation page (decision 014), and again on /terms after a material change.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { HttpError } from "@/server/lib/http-error";
import type { TermsAcceptance } from "@/shared/api-types";
import { termsVersions } from "./site-pages";

export const TERMS_CHANGED =
  "The terms changed while you were reading them. Please reload the page and read the new version.";

/** Refuses a version other than the current one: a member accepts what they were shown. */
export async function requireCurrentTerms(db: Db, version: number): Promise<void> {
  const { current } = await termsVersions(db);
  if (version !== current) {
    throw new HttpError(409, TERMS_CHANGED, {
      code: "TERMS_CHANGED",
      fields: { termsVersion: TERMS_CHANGED },
    });
  }
}

/** Records the acceptance on the member's profile (it exists once the account is verified). */
export async function recordTermsAcceptance(db: Db, userId: string, version: number) {
  await requireCurrentTerms(db, version);
  await db.execute(
    sql`update profiles set terms_version_accepted = ${version}, terms_accepted_at = now()
        where id = ${userId}`,
  );
}

export async function termsAcceptance(db: Db, userId: string): Promise<TermsAcceptance> {
  const versions = await termsVersions(db);
  const [row] = await queryRows<{ accepted: number | null; accepted_at: string | null }>(
    db,
    sql`select terms_version_accepted as accepted,
          to_char(terms_accepted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
            as accepted_at
        from profiles where id = ${userId}`,
  );
  return { ...versions, accepted: row?.accepted ?? null, acceptedAt: row?.accepted_at ?? null };
}
