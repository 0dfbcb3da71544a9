// Link previews for /profile/{id} (docs/architecture.md "Pages and metadata"): the member's name and the
// first 150 characters of their bio. Private and missing profiles are one and the same "not
// found" page, so a preview never reveals that a private profile exists.
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { profiles } from "@/server/db/schema";
import { TEXT_ID } from "@/server/lib/ids";
import type { PageMeta, PageMetaResolver } from "@/server/lib/page-meta";
import { META_PROFILE_DESCRIPTION_CHARS } from "@/shared/constants";

const PROFILE_PATH = /^\/profile\/([^/]+)\/?$/;

const NOT_FOUND: PageMeta = {
  title: "Profile not found",
  description: "This user profile doesn't exist or is private.",
  found: false,
};

export function profilePageMeta(db: Db): PageMetaResolver {
  return async (pathname) => {
    const match = PROFILE_PATH.exec(pathname);
    const id = match?.[1] ? safeDecode(match[1]) : null;
    if (!id || id === "edit") return null;
    if (!TEXT_ID.test(id)) return NOT_FOUND;
    const [row] = await db
      .select({
        name: displayName(profiles.fullName, profiles.email),
        bio: profiles.bio,
        isPublic: profiles.isPublic,
      })
      .from(profiles)
      .where(eq(profiles.id, id));
    if (!row?.isPublic) return NOT_FOUND;
    const { name } = row;
    const bio = row.bio?.trim();
    return {
      title: name,
      description: bio
        ? bio.slice(0, META_PROFILE_DESCRIPTION_CHARS)
        : `${name} is a member of the community.`,
      found: true,
    };
  };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
