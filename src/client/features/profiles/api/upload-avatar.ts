import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { AvatarResponse } from "@/shared/api-types";
import { showsProfileData } from "./update-profile";

/** PUT /api/profiles/me/avatar: the server re-encodes it and points the profile at it. */
export function uploadAvatar(file: File): Promise<AvatarResponse> {
  const form = new FormData();
  form.set("avatar", file, file.name);
  return api.put<AvatarResponse>("/api/profiles/me/avatar", { body: form });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    // The header, the profile and the directory show the new avatar even if the save after fails.
    onSuccess: () => queryClient.invalidateQueries({ predicate: showsProfileData }),
  });
}
