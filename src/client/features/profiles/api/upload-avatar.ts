import type { AvatarResponse } from "../../../../shared/api-types";
import { api } from "../../../lib/api-client";

/** PUT /api/profiles/me/avatar: the server re-encodes it and points the profile at it. */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  const form = new FormData();
  form.set("avatar", file, file.name);
  return api.put<AvatarResponse>("/api/profiles/me/avatar", { body: form });
}
