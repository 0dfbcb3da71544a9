import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { profiles } from "@/server/db/schema";
import type { SessionResponse } from "@/shared/api-types";

const SIGNED_OUT: SessionResponse = { user: null, profile: null, role: null };

/** GET /api/session: the signed-in member, their profile basics and role. */
export const sessionRoutes = new Hono<AppEnv>().get("/", async (c) => {
  c.header("cache-control", "no-store");
  const viewer = await getViewer(c);
  if (!viewer) return c.json(SIGNED_OUT);
  const [profile] = await c.var.deps.db
    .select({ fullName: profiles.fullName, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, viewer.id));
  const body: SessionResponse = {
    user: { id: viewer.id, email: viewer.email, emailVerified: viewer.emailVerified },
    profile: profile ?? { fullName: null, avatarUrl: null },
    role: viewer.role,
  };
  return c.json(body);
});
