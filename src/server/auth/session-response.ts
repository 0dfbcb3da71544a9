// The session as GET /api/session answers it, and as a server-rendered page carries it
// (docs/decisions/025): the signed-in member, their profile basics and role.
import { eq } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { profiles } from "@/server/db/schema";
import type { SessionResponse } from "@/shared/api-types";
import type { ProfileBasics } from "./roles";
import { secondFactorMissing } from "./second-factor-guard";
import { profileReadWithViewer, type Viewer } from "./viewer";

export const SIGNED_OUT: SessionResponse = {
  user: null,
  profile: null,
  role: null,
  suspension: null,
};

/** The name and picture on their own, when the standing's read of them failed (auth/roles.ts). */
async function readProfile(db: Db, userId: string): Promise<ProfileBasics | undefined> {
  const [profile] = await db
    .select({ fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return profile;
}

export async function sessionResponse(db: Db, viewer: Viewer | null): Promise<SessionResponse> {
  if (!viewer) return SIGNED_OUT;
  const [profile, secondFactorRequired] = await Promise.all([
    profileReadWithViewer(viewer) ?? readProfile(db, viewer.id),
    secondFactorMissing(db, viewer),
  ]);
  // A suspended member's banner (docs/decisions/027): the reason and the end.
  const { suspension } = viewer;
  return {
    user: { id: viewer.id, email: viewer.email, emailVerified: viewer.emailVerified },
    profile: profile ?? { fullName: null, avatarUrl: null },
    role: viewer.role,
    suspension: suspension ? { reason: suspension.reason, endsAt: suspension.endsAt } : null,
    secondFactorRequired,
  };
}
