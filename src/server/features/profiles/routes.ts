// Profiles: GET /api/profiles/{id} (public page), GET and PATCH /api/profiles/me (Edit Profile)
// and PUT /api/profiles/me/avatar (multipart field `avatar`).
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { type SignedInEnv, signedIn } from "@/server/auth/middleware";
import { getViewer } from "@/server/auth/viewer";
import type { AppEnv } from "@/server/context";
import { errorBody, HttpError } from "@/server/lib/http-error";
import { memberIdParam } from "@/server/lib/ids";
import { jsonBody } from "@/server/lib/validate";
import type { AvatarResponse, OwnProfile } from "@/shared/api-types";
import { AVATAR_MAX_BYTES } from "@/shared/constants";
import { profileSchema } from "@/shared/schemas";
import { AVATAR_NOT_AN_IMAGE, AVATAR_TOO_LARGE, reencodeAvatar } from "./avatar-image";
import { profilePage } from "./find-profile";
import { getOwnProfile, setAvatarUrl, updateOwnProfile } from "./own-profile";

export const PROFILE_NOT_FOUND = "Profile not found";

/**
 * A profile shows what its viewer may see: a signed-in viewer's response is never kept by a
 * shared cache. A visitor's is the same for every visitor (decision 059).
 */
export const PROFILE_CACHE_CONTROL = "private, no-store";

const SIGNED_OUT_MESSAGE = "You must be signed in to edit your profile";

/** After signedIn: `:id` is "me" or the member's own id, checked before the body is validated. */
const ownProfileOnly = createMiddleware<SignedInEnv>(async (c, next) => {
  const id = c.req.param("id");
  if (id !== "me" && id !== c.var.viewer.id) {
    throw new HttpError(403, "You can only edit your own profile");
  }
  await next();
});

const profileUpdateLimit = {
  name: "profile-update",
  max: 30,
  windowSeconds: 60,
  message: "Too many profile updates. Please wait a minute.",
};

const avatarUploadLimit = {
  name: "avatar-upload",
  max: 10,
  windowSeconds: 600,
  message: "Too many avatar uploads. Please wait a few minutes.",
};

/** Room for the multipart boundaries and headers around a 5 MB file. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

export const profileRoutes = new Hono<AppEnv>()
  .get("/me", signedIn(SIGNED_OUT_MESSAGE), async (c) => {
    const profile: OwnProfile | null = await getOwnProfile(c.var.deps.db, c.var.viewer.id);
    if (!profile) throw new HttpError(404, PROFILE_NOT_FOUND);
    c.header("cache-control", "private, no-store");
    return c.json(profile);
  })
  // PATCH /me, or the member's own id; someone else's id is refused.
  .patch(
    "/:id",
    signedIn(SIGNED_OUT_MESSAGE),
    ownProfileOnly,
    jsonBody(profileSchema),
    async (c) => {
      const { viewer } = c.var;
      await c.var.deps.rateLimiter.hit(profileUpdateLimit, viewer.id);
      // The id is the session's: whatever the body says, a member saves only their own profile.
      const profile = await updateOwnProfile(c.var.deps.db, viewer.id, c.req.valid("json"));
      if (!profile) throw new HttpError(404, PROFILE_NOT_FOUND);
      return c.json(profile);
    },
  )
  .put(
    "/me/avatar",
    signedIn(SIGNED_OUT_MESSAGE),
    async (c, next) => {
      await c.var.deps.rateLimiter.hit(avatarUploadLimit, c.var.viewer.id);
      // Only a form carries a file: anything else is refused before its body is read.
      if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) {
        throw new HttpError(415, AVATAR_NOT_AN_IMAGE);
      }
      await next();
    },
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      onError: (c) => c.json(errorBody(413, AVATAR_TOO_LARGE), 413),
    }),
    async (c) => {
      const { viewer } = c.var;
      const form = await c.req.parseBody().catch(() => {
        throw new HttpError(400, AVATAR_NOT_AN_IMAGE);
      });
      const file = form.avatar;
      if (!(file instanceof File)) throw new HttpError(400, AVATAR_NOT_AN_IMAGE);
      if (file.size > AVATAR_MAX_BYTES) throw new HttpError(413, AVATAR_TOO_LARGE);

      const image = await reencodeAvatar(new Uint8Array(await file.arrayBuffer()));
      const { storage } = c.var.deps;
      const key = `avatars/${viewer.id}/avatar.webp`;
      await storage.put(key, image, "image/webp");
      // Same file name every time: the version makes browsers and caches fetch the new one.
      const avatarUrl = `${storage.publicUrl(key)}?v=${Date.now()}`;
      await setAvatarUrl(c.var.deps.db, viewer.id, avatarUrl);
      const body: AvatarResponse = { avatarUrl };
      return c.json(body);
    },
  )
  .get("/:id", async (c) => {
    const id = memberIdParam(c, "id", PROFILE_NOT_FOUND);
    // A private profile answers exactly as a missing one: its existence is not disclosed.
    const viewer = await getViewer(c);
    const body = await profilePage(c.var.deps.db, viewer, id);
    if (!body) throw new HttpError(404, PROFILE_NOT_FOUND);
    if (viewer) c.header("cache-control", PROFILE_CACHE_CONTROL);
    return c.json(body);
  });
