// Who may load a member's avatar file (/uploads/avatars/{userId}/...): everyone when the
// member's address is verified and their profile is public; otherwise the member and admins
// only, as for the profile itself (canViewProfile), and a 404 for everyone else. Loaded by
// address, a private member's face would otherwise stay public.
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { profiles, user } from "@/server/db/schema";
import type { UploadAccess } from "@/server/lib/uploads";
import { canViewProfile } from "./find-profile";

const AVATAR_KEY = /^avatars\/([^/]+)\/[^/]+$/;

export async function avatarAccess(c: Context<AppEnv>, key: string): Promise<UploadAccess> {
  const ownerId = AVATAR_KEY.exec(key)?.[1];
  if (!ownerId) return "hidden";
  const [owner] = await c.var.deps.db
    .select({ isPublic: profiles.isPublic, verified: user.emailVerified })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, ownerId));
  if (!owner) return "hidden";
  if (owner.verified && owner.isPublic) return "public";
  const viewer = await getViewer(c);
  return canViewProfile(viewer, { id: ownerId, is_public: false }) ? "restricted" : "hidden";
}
