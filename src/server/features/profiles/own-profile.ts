// The Edit Profile form's data: read and save one's own profile (docs/product.md §7 "Edit profile load"
// and "Edit profile save"). The id always comes from the session, never from the request.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import type { OwnProfile } from "@/shared/api-types";
import type { ProfileValues } from "@/shared/schemas";

const columns = {
  id: profiles.id,
  email: profiles.email,
  fullName: profiles.fullName,
  avatarUrl: profiles.avatarUrl,
  bio: profiles.bio,
  location: profiles.location,
  website: profiles.website,
  dateOfBirth: profiles.dateOfBirth,
  isPublic: profiles.isPublic,
  socialTwitter: profiles.socialTwitter,
  socialLinkedin: profiles.socialLinkedin,
  updatedAt: profiles.updatedAt,
};

type OwnRow = Omit<OwnProfile, "updatedAt"> & { updatedAt: Date };

const toOwnProfile = (row: OwnRow): OwnProfile => ({
  ...row,
  updatedAt: row.updatedAt.toISOString(),
});

export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile | null> {
  const [row] = await db.select(columns).from(profiles).where(eq(profiles.id, userId));
  return row ? toOwnProfile(row) : null;
}

/** docs/product.md §5: empty optional fields are saved as null. */
const orNull = (value: string) => (value === "" ? null : value);

/** Saves the form's fields (already cleaned by profileSchema); the avatar has its own route. */
export async function updateOwnProfile(
  db: Db,
  userId: string,
  values: ProfileValues,
): Promise<OwnProfile | null> {
  const [row] = await db
    .update(profiles)
    .set({
      fullName: values.fullName,
      bio: orNull(values.bio),
      location: orNull(values.location),
      website: orNull(values.website),
      dateOfBirth: orNull(values.dateOfBirth),
      isPublic: values.isPublic,
      socialTwitter: orNull(values.socialTwitter),
      socialLinkedin: orNull(values.socialLinkedin),
      updatedAt: sql`now()`,
    })
    .where(eq(profiles.id, userId))
    .returning(columns);
  return row ? toOwnProfile(row) : null;
}

/** Points the profile at a freshly stored avatar. */
export async function setAvatarUrl(db: Db, userId: string, avatarUrl: string): Promise<void> {
  await db
    .update(profiles)
    .set({ avatarUrl, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
}
